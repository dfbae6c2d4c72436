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
  /**
   * The caller's connection: when it closes before the answer, the workflow is sent this signal (toolCall's
   * CALLER_GONE_SIGNAL), and it decides what that means for the work and the money.
   */
  readonly whenCallerLeaves?: { readonly leaving: AbortSignal; readonly signal: string };
  /**
   * A result that means the run was given up before it did anything (a call dropped because its caller left): a
   * caller still waiting (a repeat of the same key that attached to it) starts the work afresh instead of taking it.
   */
  readonly givenUp?: (result: Awaited<ReturnType<W>>, attached: boolean) => boolean;
}

/** How many times a caller still waiting starts afresh a run given up under it (givenUp) before it takes the result. */
const FRESH_STARTS = 2;

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
    let ended = await startAndAwait(deps, type, workflow, local, false);
    for (let fresh = 0; fresh < FRESH_STARTS && isGivenUp(workflow, ended); fresh++) {
      ended = await startAndAwait(deps, type, workflow, undefined, true);
    }
    return ended.result;
  } finally {
    local?.cancel();
  }
}

/** A run given up before it did anything while this caller is still here to want it (BusinessWorkflow.givenUp). */
function isGivenUp<W extends Workflow>(workflow: BusinessWorkflow<W>, ended: Ended<Awaited<ReturnType<W>>>): boolean {
  if (workflow.whenCallerLeaves?.leaving.aborted || ended.result.kind !== 'result' || !workflow.givenUp) return false;
  return workflow.givenUp(ended.result.value, ended.attached);
}

interface Ended<T> {
  readonly result: WorkflowResult<T>;
  /** The run was another request's (this one attached to it), not started by this one. */
  readonly attached: boolean;
}

async function startAndAwait<W extends Workflow>(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  type: string,
  workflow: BusinessWorkflow<W>,
  local: { readonly ended: Promise<CallEnd> } | undefined,
  afresh: boolean,
): Promise<Ended<Awaited<ReturnType<W>>>> {
  const { client, eagerStart } = deps.temporal;
  const requestHash = requestFingerprint(workflow.request);
  let handle;
  let startedHere = false;
  let attached = false;
  try {
    const started = await client.workflow.start(type, {
      workflowId: workflow.workflowId,
      taskQueue: deps.config.taskQueue,
      // Typed as W's parameters at the caller; the SDK's conditional `args` type cannot be narrowed inside a generic.
      args: workflow.args as unknown[],
      // A fresh start replaces a closed run given up before it did anything; a run still open is attached to as ever.
      workflowIdReusePolicy: afresh ? 'ALLOW_DUPLICATE' : 'REJECT_DUPLICATE',
      requestEagerStart: eagerStart,
      typedSearchAttributes: workflow.searchAttributes,
      memo: { ...workflow.memo, owner: workflow.owner, requestHash },
    });
    startedHere = started.eagerlyStarted;
    handle = started;
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = client.workflow.getHandle(workflow.workflowId);
    attached = true;
    const first = (await handle.describe()).memo as { owner?: string; requestHash?: string } | undefined;
    if (first?.owner !== workflow.owner) return { result: { kind: 'conflict' }, attached };
    // Runs started before hashes were kept are matched by owner alone.
    if (first.requestHash !== undefined && first.requestHash !== requestHash) return { result: { kind: 'conflict' }, attached };
  }
  const stopFollowing = followCaller(workflow, handle);

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
    const result = await Promise.race([ended, after(deps.config.callTimeoutSeconds * 1000, () => ({ kind: 'still-running' }) as const)]);
    return { result, attached };
  } finally {
    stopFollowing();
    for (const timer of timers) clearTimeout(timer);
  }
}

/**
 * Signals the run when the caller leaves before its answer (at once if it already has): the signal is sent only once
 * the run exists, so it never races the start. A run that has already closed ignores it, and so does this.
 */
function followCaller<W extends Workflow>(workflow: BusinessWorkflow<W>, handle: { signal: (name: string) => Promise<void> }): () => void {
  const follow = workflow.whenCallerLeaves;
  if (!follow) return () => undefined;
  const gone = () => void handle.signal(follow.signal).catch(() => undefined);
  if (follow.leaving.aborted) {
    gone();
    return () => undefined;
  }
  follow.leaving.addEventListener('abort', gone, { once: true });
  return () => follow.leaving.removeEventListener('abort', gone);
}

function fromLocalEnd<T>(end: CallEnd): WorkflowResult<T> {
  return end.kind === 'outcome' ? { kind: 'result', value: end.outcome as T } : { kind: 'failed', type: end.type, message: end.message, details: end.details };
}
