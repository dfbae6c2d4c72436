import net from 'node:net';
import { DefaultLogger, Runtime } from '@temporalio/worker';

let installed = false;
let temporalMetricsUrl: string | undefined;

/**
 * Quiets the SDK's own logging to warnings once per process (it logs every worker state change at info), and leaves
 * signals to the process: the API's and the worker's stop sequences shut their workers down themselves, in their
 * order (stop taking requests, let running ones end, then the worker). With the SDK's default shutdown signals both
 * would begin the shutdown on one SIGTERM, and the second `shutdown()` throws ("Not running").
 *
 * Given a port, the SDK's core also exports its worker metrics (task slots, polls, schedule-to-start latencies, sticky
 * cache) in Prometheus' format on that loopback port, which the process's own /metrics passes on (temporalMetrics).
 */
export function installWorkerRuntime(level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' = 'WARN', temporalMetricsPort?: number): void {
  if (installed) return;
  installed = true;
  const bindAddress = temporalMetricsPort ? `127.0.0.1:${temporalMetricsPort}` : undefined;
  Runtime.install({
    logger: new DefaultLogger(level),
    shutdownSignals: [],
    // Prometheus' conventions, as the service's own metrics follow them: counters end in _total, durations in seconds.
    ...(bindAddress
      ? { telemetryOptions: { metrics: { prometheus: { bindAddress, countersTotalSuffix: true, useSecondsForDurations: true, unitSuffix: true } } } }
      : {}),
  });
  if (bindAddress) temporalMetricsUrl = `http://${bindAddress}/metrics`;
}

/** Where this process's Temporal SDK core serves its metrics; undefined unless the runtime was installed with a port. */
export const temporalMetrics = (): string | undefined => temporalMetricsUrl;

/** A loopback port nobody holds right now, for the SDK core's exporter (which binds it itself, a moment later). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
