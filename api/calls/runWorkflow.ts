import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, type SearchAttributePair, type Workflow } from '@temporalio/common';
import { localCallEnds } from '../../core/calls/localCallEnds';
import type { CallEnd } from '../../schema/calls';
import type { AppDeps } from '../deps';
import { requestFingerprint } from '../idempotency/requestFingerprint';

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
  /**
   * The workflow reports its end through the `calls.ended` sink under this id (toolCall does): when it starts eagerly
   * on this process's embedded worker, its end is taken from there instead of long-polling the server for it.
   */
  readonly reportsEndAs?: string;
}

/** How long an eagerly started call may take before its result is also asked of the server (it may have moved on to another worker). */
const LOCAL_END_GRACE_MS = 1000;

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
  const { eagerStart } = deps.temporal;
  // Expected before the start: an eager workflow can end on this process's worker before start() returns.
  const local = eagerStart && workflow.reportsEndAs ? localCallEnds.expect(workflow.reportsEndAs) : undefined;
  try {
    return await startAndAwait(deps, type, workflow, local);
  } finally {
    local?.cancel();
  }
}

async function startAndAwait<W extends Workflow>(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  type: string,
  workflow: BusinessWorkflow<W>,
  local: { readonly ended: Promise<CallEnd> } | undefined,
): Promise<WorkflowResult<Awaited<ReturnType<W>>>> {
  const { client, eagerStart } = deps.temporal;
  const requestHash = requestFingerprint(workflow.request);
  let handle;
  let startedHere = false;
  try {
    const started = await client.workflow.start(type, {
      workflowId: workflow.workflowId,
      taskQueue: deps.config.taskQueue,
      // Typed as W's parameters at the caller; the SDK's conditional `args` type cannot be narrowed inside a generic.
      args: workflow.args as unknown[],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: eagerStart,
      typedSearchAttributes: workflow.searchAttributes,
      memo: { ...workflow.memo, owner: workflow.owner, requestHash },
    });
    startedHere = started.eagerlyStarted;
    handle = started;
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = client.workflow.getHandle(workflow.workflowId);
    const first = (await handle.describe()).memo as { owner?: string; requestHash?: string } | undefined;
    if (first?.owner !== workflow.owner) return { kind: 'conflict' };
    // Runs started before hashes were kept are matched by owner alone.
    if (first.requestHash !== undefined && first.requestHash !== requestHash) return { kind: 'conflict' };
  }

  const timers: NodeJS.Timeout[] = [];
  const after = <T>(ms: number, value: () => T | Promise<T>) => new Promise<T>((resolve) => timers.push(setTimeout(() => resolve(value()), ms)));
  const fromServer = (): Promise<WorkflowResult<Awaited<ReturnType<W>>>> =>
    handle.result().then(
      (value) => ({ kind: 'result', value: value as Awaited<ReturnType<W>> }),
      (error: unknown) => {
        if (error instanceof WorkflowFailedError && error.cause instanceof ApplicationFailure) {
          return { kind: 'failed', type: error.cause.type ?? 'InternalError', message: error.cause.message, details: (error.cause.details ?? []) as unknown[] };
        }
        throw error;
      },
    );
  const ended =
    local && startedHere
      ? Promise.race([local.ended.then((end) => fromLocalEnd<Awaited<ReturnType<W>>>(end)), after(LOCAL_END_GRACE_MS, fromServer)])
      : fromServer();
  try {
    return await Promise.race([ended, after(deps.config.callTimeoutSeconds * 1000, () => ({ kind: 'still-running' }) as const)]);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

function fromLocalEnd<T>(end: CallEnd): WorkflowResult<T> {
  return end.kind === 'outcome' ? { kind: 'result', value: end.outcome as T } : { kind: 'failed', type: end.type, message: end.message, details: end.details };
}
