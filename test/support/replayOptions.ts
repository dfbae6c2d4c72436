import type { ReplayWorkerOptions } from '@temporalio/worker';
import { callSinks } from '../../workers/createToolWorker';

/**
 * A replay worker as the real one is built: the compiled workflow bundle and the workers' sinks (a sink is never
 * called during replay, but one the bundle names and the worker lacks is logged as an error for every workflow).
 */
export function replayOptions(): ReplayWorkerOptions {
  return { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH! }, sinks: callSinks(undefined) };
}
