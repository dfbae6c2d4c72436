import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/** One answer as the upstream sends it: status, headers and a body (JSON values are serialised, strings sent as they are). */
export interface UpstreamAnswer {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface UpstreamServer {
  readonly origin: string;
  readonly seen: SeenRequest[];
  /** Answers requests whose path (without query) is `pathname`: the queued answers first, then `always`. */
  on(pathname: string, answers: UpstreamAnswer | readonly UpstreamAnswer[], options?: { always?: UpstreamAnswer }): void;
  /** Requests seen for a path. */
  seenAt(pathname: string): SeenRequest[];
  reset(): void;
  close(): Promise<void>;
}

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'data');

/** A fixture of an upstream's wire format (test/fixtures/data/<upstream>/<name>), as text. */
export function fixture(upstream: string, name: string): string {
  return readFileSync(path.join(FIXTURES, upstream, name), 'utf8');
}

export function jsonFixture(upstream: string, name: string): unknown {
  return JSON.parse(fixture(upstream, name)) as unknown;
}

/**
 * A loopback HTTP server standing in for a data upstream: it answers each path with the answers given for it, in
 * order, in the upstream's own wire format (fixtures), and records what it was asked. An unknown path is a 404
 * in the shape most upstreams use.
 */
export async function startUpstreamServer(): Promise<UpstreamServer> {
  const seen: SeenRequest[] = [];
  const routes = new Map<string, { queue: UpstreamAnswer[]; always?: UpstreamAnswer }>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream.test');
      seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const route = routes.get(url.pathname);
      const answer = route?.queue.shift() ?? route?.always ?? { status: 404, body: { message: `nothing at ${url.pathname}` } };
      const text = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body ?? {});
      const type = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? 'text/plain' : 'application/json';
      res.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers }).end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    on(pathname, answers, options) {
      routes.set(pathname, { queue: [...(Array.isArray(answers) ? answers : [answers])], ...(options?.always ? { always: options.always } : {}) });
    },
    seenAt: (pathname) => seen.filter((r) => r.path === pathname),
    reset() {
      routes.clear();
      seen.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
