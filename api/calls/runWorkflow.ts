import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, type SearchAttributePair, type Workflow } from '@temporalio/common';
import type { AppDeps } from '../deps';

export interface BusinessWorkflow<W extends Workflow> {
  /** A business id (`call-<request id>`): starting it again attaches to the first run. */
  readonly workflowId: string;
  readonly args: Parameters<W>;
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
 * Starts a workflow under its business id and waits for its result (at most CALL_TIMEOUT_SECONDS). The same id
 * again attaches to the first run instead of starting (and billing) a second one, but only for the owner who
 * started it. Workflows are named by type here and imported as types only: the API never loads workflow code.
 */
export async function runWorkflow<W extends Workflow>(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  type: string,
  workflow: BusinessWorkflow<W>,
): Promise<WorkflowResult<Awaited<ReturnType<W>>>> {
  const { client, eagerStart } = deps.temporal;
  let handle;
  try {
    handle = await client.workflow.start(type, {
      workflowId: workflow.workflowId,
      taskQueue: deps.config.taskQueue,
      // Typed as W's parameters at the caller; the SDK's conditional `args` type cannot be narrowed inside a generic.
      args: workflow.args as unknown[],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: eagerStart,
      typedSearchAttributes: workflow.searchAttributes,
      memo: { ...workflow.memo, owner: workflow.owner },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = client.workflow.getHandle(workflow.workflowId);
    const existing = await handle.describe();
    if ((existing.memo as { owner?: string } | undefined)?.owner !== workflow.owner) return { kind: 'not-yours' };
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), deps.config.callTimeoutSeconds * 1000)));
  try {
    const result = await Promise.race([handle.result(), timeout]);
    return result === 'timeout' ? { kind: 'still-running' } : { kind: 'result', value: result as Awaited<ReturnType<W>> };
  } catch (error) {
    if (error instanceof WorkflowFailedError && error.cause instanceof ApplicationFailure) {
      return { kind: 'failed', type: error.cause.type ?? 'InternalError', message: error.cause.message, details: (error.cause.details ?? []) as unknown[] };
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
