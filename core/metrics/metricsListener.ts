import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { carriesMetricsToken, METRICS_CONTENT_TYPE, metricsText, type TemporalMetricsSource } from './metricsText';

export interface MetricsListenerOptions {
  /** METRICS_PORT (the API) or WORKER_METRICS_PORT; the caller starts none for 0. */
  readonly port: number;
  readonly host: string;
  /** METRICS_TOKEN: when set, a scrape must send it as a bearer token. */
  readonly token: string;
  readonly temporal?: TemporalMetricsSource;
  readonly log: (fields: Record<string, unknown>, line: string) => void;
}

export interface MetricsListener {
  /** The port it listens on, or null when it could not bind. */
  readonly port: number | null;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own, apart from the service's: Prometheus' convention (a scrape port no load
 * balancer publishes), no auth check on the public port's hot path, and on loopback unless METRICS_HOST says
 * otherwise. A port another process holds is logged and skipped: a process's metrics are not worth refusing its service.
 */
export async function startMetricsListener(options: MetricsListenerOptions): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    if (options.token && !carriesMetricsToken(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end('Send METRICS_TOKEN as a bearer token.\n');
      return;
    }
    metricsText(options.temporal).then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}\n`),
    );
  });
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      options.log({ err: error, port: options.port }, `metrics listener could not bind ${options.host}:${options.port}; this process exports no metrics`);
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  if (!bound) return { port: null, close: async () => undefined };
  const { port } = server.address() as AddressInfo;
  options.log({ port }, `metrics on http://${options.host}:${port}/metrics`);
  server.unref();
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
