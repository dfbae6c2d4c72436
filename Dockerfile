# One image for the API and the worker (docker-compose.yml picks the command).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# python3 runs /code/run's sandboxed snippets.
RUN apt-get update && apt-get install -y --no-install-recommends python3 ca-certificates util-linux && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
USER node
EXPOSE 3000
CMD ["npx", "tsx", "api/server.ts"]
