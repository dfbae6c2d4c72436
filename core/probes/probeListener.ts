import { Worker } from 'node:worker_threads';

/** What the process says of itself to its readiness probe (bits of the shared state). */
export type NotReady = 'shedding' | 'stopping' | 'database' | 'temporal';

const BITS: Readonly<Record<NotReady, number>> = { shedding: 1, stopping: 2, database: 4, temporal: 8 };

export interface ProbeListener {
  /** The port it listens on, or null when it could not bind (the process runs without it). */
  readonly port: number | null;
  /** Sets what keeps the process from being ready now (none: ready). */
  setNotReady(reasons: readonly NotReady[]): void;
  close(): Promise<void>;
}

/**
 * Liveness and readiness on a port of their own, answered by a thread of their own: a probe is never queued behind
 * this process's calls, however many are in flight, and a busy process is not restarted for being busy.
 *
 * - `GET /livez`: 200 while the main event loop still turns (a counter the main thread advances every 250 ms has moved
 *   within LIVENESS_STALL_MS), else 503: a loop stuck for that long is what a restart mends. Nothing else is checked:
 *   an outage of PostgreSQL or Temporal is no reason to restart.
 * - `GET /readyz`: 200 `{"status":"ready"}`, or 503 `{"status":"shedding"|"stopping"|"not_ready", "reasons": […]}`
 *   while admission refuses calls, the process stops, or its database or Temporal does not answer: a load balancer
 *   then sends traffic elsewhere.
 *
 * The thread runs a few lines of plain JavaScript (no TypeScript loader, nothing of ours), sharing two numbers with
 * the main thread through a SharedArrayBuffer.
 */
export async function startProbeListener(options: {
  port: number;
  host: string;
  log: (fields: Record<string, unknown>, line: string) => void;
}): Promise<ProbeListener> {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(PROBE_THREAD, { eval: true, workerData: { shared, port: options.port, host: options.host, stallMs: LIVENESS_STALL_MS } });
  const beat = setInterval(() => Atomics.add(shared, 0, 1), 250);
  beat.unref();
  worker.unref();
  const port = await new Promise<number | null>((resolve) => {
    worker.once('message', (message: { port: number | null; error?: string }) => {
      if (message.port === null) options.log({ port: options.port, error: message.error }, `probe listener could not bind ${options.host}:${options.port}`);
      resolve(message.port);
    });
    worker.once('error', (error) => {
      options.log({ err: error }, 'probe listener thread failed');
      resolve(null);
    });
  });
  if (port !== null) options.log({ port }, `probes on http://${options.host}:${port}/livez and /readyz`);
  return {
    port,
    setNotReady(reasons) {
      Atomics.store(
        shared,
        1,
        reasons.reduce((bits, reason) => bits | BITS[reason], 0),
      );
    },
    async close() {
      clearInterval(beat);
      await worker.terminate();
    },
  };
}

/** A main loop that has not turned for this long is stuck: liveness fails. */
export const LIVENESS_STALL_MS = 10_000;

/** The thread's code: plain JavaScript, evaluated as a CommonJS module in the worker. */
const PROBE_THREAD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { shared, port, host, stallMs } = workerData;
const names = [[1, 'shedding'], [2, 'stopping'], [4, 'database'], [8, 'temporal']];
let lastBeat = Atomics.load(shared, 0);
let lastMoved = performance.now();
const live = () => {
  const beat = Atomics.load(shared, 0);
  if (beat !== lastBeat) { lastBeat = beat; lastMoved = performance.now(); }
  return performance.now() - lastMoved < stallMs;
};
const answer = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
const server = http.createServer((req, res) => {
  const path = (req.url || '').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, { error: 'GET /livez or /readyz' });
  if (path === '/livez') return live() ? answer(res, 200, { status: 'live' }) : answer(res, 503, { status: 'stalled', stalled_ms: Math.round(performance.now() - lastMoved) });
  if (path === '/readyz') {
    if (!live()) return answer(res, 503, { status: 'stalled' });
    const bits = Atomics.load(shared, 1);
    const reasons = names.filter(([bit]) => bits & bit).map(([, name]) => name);
    if (reasons.length === 0) return answer(res, 200, { status: 'ready' });
    const status = reasons.includes('stopping') ? 'stopping' : reasons.includes('shedding') ? 'shedding' : 'not_ready';
    return answer(res, 503, { status, reasons });
  }
  return answer(res, 404, { error: 'GET /livez or /readyz' });
});
server.keepAliveTimeout = 65000;
server.once('error', (error) => parentPort.postMessage({ port: null, error: error.message }));
server.listen(port, host, () => parentPort.postMessage({ port: server.address().port }));
`;
