import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { ReactionDeps } from './reactions';

/** Starts a workflow under an id derived from an event; an id already started (the event read again) starts nothing. */
export async function startOnce<W extends Workflow>(deps: Pick<ReactionDeps, 'client' | 'taskQueue'>, type: string, workflowId: string, args: Parameters<W>) {
  try {
    await deps.client.workflow.start(type, { workflowId, taskQueue: deps.taskQueue, args: args as unknown[], workflowIdReusePolicy: 'REJECT_DUPLICATE' });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** Cancels a workflow that has nothing left to do; one already gone is fine. */
export async function cancelIfRunning(deps: Pick<ReactionDeps, 'client'>, workflowId: string) {
  try {
    await deps.client.workflow.getHandle(workflowId).cancel();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
