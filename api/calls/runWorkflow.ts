import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, type SearchAttributePair, type Workflow } from '@temporalio/common';
import type { AppDeps } from '../deps';
import { requestFingerprint } from './requestFingerprint';

export interface BusinessWorkflow<W extends Workflow> {
  /** A business id (`call-<request id>`): starting it again attaches to the first run. */
  readonly workflowId: string;
  readonly args: Parameters<W>;
  /** Who may attach to an existing run with this id (compared with the first run's memo). */
  readonly owner: string;
  /** The canonical request (route, input, payer …), hashed: a repeat must be the same request to attach. */
  readonly request: Record<string, unknown>;
  readonly searchAttributes: SearchAttributePair[];
  readonly memo: Record<string, unknown>;
}

export type WorkflowResult<T> =
  | { readonly kind: 'result'; readonly value: T }
  | { readonly kind: 'failed'; readonly type: string; readonly message: string; readonly details: unknown[] }
  | { readonly kind: 'still-running' }
  /** The id was first used for a different request (another payer, route or input): Stripe's 409. */
  | { readonly kind: 'conflict' };

/**
 * Starts a workflow under its business id and waits for its result (at most CALL_TIMEOUT_SECONDS). The same id
 * again attaches to the first run instead of starting (and billing) a second one, but only for the same owner with
 * the same request: anything else is a conflict, never the first call's answer. The id is kept as long as Temporal
 * keeps the closed run (the namespace's retention, ≥ 24 h; see checkIdempotencyWindow). Workflows are named by type
 * here and imported as types only: the API never loads workflow code.
 */
export async function runWorkflow<W extends Workflow>(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  type: string,
  workflow: BusinessWorkflow<W>,
): Promise<WorkflowResult<Awaited<ReturnType<W>>>> {
  const { client, eagerStart } = deps.temporal;
  const requestHash = requestFingerprint(workflow.request);
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
      memo: { ...workflow.memo, owner: workflow.owner, requestHash },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = client.workflow.getHandle(workflow.workflowId);
    const first = (await handle.describe()).memo as { owner?: string; requestHash?: string } | undefined;
    if (first?.owner !== workflow.owner) return { kind: 'conflict' };
    // Runs started before hashes were kept are matched by owner alone.
    if (first.requestHash !== undefined && first.requestHash !== requestHash) return { kind: 'conflict' };
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
