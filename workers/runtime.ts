import { DefaultLogger, Runtime } from '@temporalio/worker';

let installed = false;

/** Quiets the SDK's own logging to warnings once per process (it logs every worker state change at info). */
export function installWorkerRuntime(level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' = 'WARN'): void {
  if (installed) return;
  installed = true;
  Runtime.install({ logger: new DefaultLogger(level) });
}
