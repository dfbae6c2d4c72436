import type { AppDeps } from '../deps';
import type { WorkflowStarter } from './runWorkflow';

export function workflowStarter(deps: AppDeps): WorkflowStarter {
  return {
    client: deps.temporal.client,
    taskQueue: deps.config.taskQueue,
    eagerStart: deps.temporal.eagerStart,
    timeoutMs: deps.config.callTimeoutSeconds * 1000,
  };
}
