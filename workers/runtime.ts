import { DefaultLogger, Runtime } from '@temporalio/worker';

let installed = false;

/**
 * Quiets the SDK's own logging to warnings once per process (it logs every worker state change at info), and leaves
 * signals to the process: the API's and the worker's stop sequences shut their workers down themselves, in their
 * order (stop taking requests, let running ones end, then the worker). With the SDK's default shutdown signals both
 * would begin the shutdown on one SIGTERM, and the second `shutdown()` throws ("Not running").
 */
export function installWorkerRuntime(level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' = 'WARN'): void {
  if (installed) return;
  installed = true;
  Runtime.install({ logger: new DefaultLogger(level), shutdownSignals: [] });
}
