import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, type SearchAttributePair } from '@temporalio/common';

export interface WorkflowStarter {
  readonly client: Client;
  readonly taskQueue: string;
  readonly eagerStart: boolean;
  readonly timeoutMs: number;
}

export interface BusinessWorkflow {
  readonly type: string;
  /** A business id (`call-<request id>`): starting it again attaches to the first run. */
  readonly workflowId: string;
  readonly args: unknown[];
  /** Who may attach to an existing run with this id (compared with the first run's memo). */
  readonly owner: string;
  readonly searchAttributes: SearchAttributePair[];
  readonly memo: Record<string, unknown>;
}

export type WorkflowResult<T> =
  | { readonly kind: 'result'; readonly value: T }
  | { readonly kind: 'failed'; readonly type: string; readonly message: string; readonly details: unknown[] }
  | { readonly kind: 'still-running' }
  | { readonly kind: 'not-yours' };

/**
 * Starts a workflow under its business id and waits for its result. The same id again attaches to the first
 * run instead of starting (and billing) a second one, but only for the owner who started it.
 */
export async function runWorkflow<T>(starter: WorkflowStarter, workflow: BusinessWorkflow): Promise<WorkflowResult<T>> {
  let handle;
  try {
    handle = await starter.client.workflow.start(workflow.type, {
      workflowId: workflow.workflowId,
      taskQueue: starter.taskQueue,
      args: workflow.args,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: starter.eagerStart,
      typedSearchAttributes: workflow.searchAttributes,
      memo: { ...workflow.memo, owner: workflow.owner },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = starter.client.workflow.getHandle(workflow.workflowId);
    const existing = await handle.describe();
    if ((existing.memo as { owner?: string } | undefined)?.owner !== workflow.owner) return { kind: 'not-yours' };
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), starter.timeoutMs)));
  try {
    const result = await Promise.race([handle.result() as Promise<T>, timeout]);
    return result === 'timeout' ? { kind: 'still-running' } : { kind: 'result', value: result };
  } catch (error) {
    if (error instanceof WorkflowFailedError && error.cause instanceof ApplicationFailure) {
      return { kind: 'failed', type: error.cause.type ?? 'InternalError', message: error.cause.message, details: (error.cause.details ?? []) as unknown[] };
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
