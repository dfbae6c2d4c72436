import {
  ApplicationFailure,
  CancellationScope,
  defineSignal,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  proxySinks,
  setHandler,
  upsertSearchAttributes,
  type Sinks,
} from '@temporalio/workflow';
import type { Activities } from '../activities/createActivities';
import {
  CALLER_GONE_SIGNAL,
  CallErrors,
  type DropReason,
  isQuickCall,
  PAYMENT_FAILED,
  type CallSinks,
  type QuickCallResult,
  type ToolCallOutcome,
  type ToolCallRequest,
  type ToolResult,
} from '../schema/calls';
import { chargeWithin } from '../schema/metering';
import { callSearchAttributes, searchAttributes } from '../schema/searchAttributes';
import { runOrchestration } from './orchestration/runOrchestration';
import { presets } from './timeouts';
import { settleWhileValid } from './x402Settlement';

const reservations = proxyLocalActivities<Activities>(presets.reserve);
const ledger = proxyLocalActivities<Activities>(presets.ledger);
const quickTools = proxyLocalActivities<Activities>(presets.localTool);
const quickCalls = proxyLocalActivities<Activities>(presets.quickCall);
const tools = proxyActivities<Activities>(presets.model);
const streamingTools = proxyActivities<Activities>(presets.stream);
const { calls } = proxySinks<CallSinks & Sinks>();

/** The API's word that the caller disconnected before the answer (api/calls/executeToolCall.ts). */
export const callerGone = defineSignal(CALLER_GONE_SIGNAL);

/**
 * What the call knows of its caller: whether it left, and the scope its tool runs in, cancelled when it leaves a
 * call nobody can collect (`whenCallerLeaves: cancel`). A workflow without the signal behaves as before it existed.
 */
interface Caller {
  gone: boolean;
  tool?: CancellationScope;
}

function followCaller(request: ToolCallRequest): Caller {
  const caller: Caller = { gone: false };
  setHandler(callerGone, () => {
    caller.gone = true;
    if (request.whenCallerLeaves === 'cancel') caller.tool?.cancel();
  });
  return caller;
}

/**
 * Why a call not yet begun is not begun at all: its caller left (a signal that arrived before the workflow's first
 * task is delivered as its handler is set), or its deadline passed while it waited to be picked up.
 */
function dropReason(request: ToolCallRequest, caller: Caller): DropReason | undefined {
  if (caller.gone) return 'caller_gone';
  if (request.deadline !== undefined && Date.now() >= request.deadline) return 'deadline_exceeded';
  return undefined;
}

function dropped(reason: DropReason): ToolCallOutcome {
  return { status: 'dropped', reason };
}

/**
 * One paid tool call: hold the price, run the tool, then charge or give it back. Money moves only here,
 * so a crash anywhere resumes from history and the reservation is always settled or refunded, exactly once.
 * How it ended is also told to the worker process (a sink), so an API running this worker answers without waiting
 * for the result to come back through the server.
 */
export async function toolCall(request: ToolCallRequest): Promise<ToolCallOutcome> {
  const caller = followCaller(request);
  try {
    // Dropped before anything is held: a caller that left, or a deadline passed in the queue, costs nothing.
    const early = dropReason(request, caller);
    // The quick path is awaited here rather than inside runCall: every promise a workflow creates costs the SDK a
    // stack capture (for its stack-trace query), each frame mapped through the bundle's source map, so the hot path
    // keeps few async layers and a shallow stack.
    const quick = !early && isQuickCall(request) ? await tryQuickCall(request) : undefined;
    const outcome = early
      ? dropped(early)
      : quick?.kind === 'dropped'
        ? dropped(quick.reason)
        : quick?.kind === 'completed'
          ? await quickOutcome(request, caller, quick)
          : await runCall(request, caller, quick);
    calls.ended(request.callId, { kind: 'outcome', outcome });
    return outcome;
  } catch (error) {
    if (error instanceof ApplicationFailure && !isCancellation(error)) {
      calls.ended(request.callId, {
        kind: 'failure',
        type: error.type ?? CallErrors.internal,
        message: error.message,
        details: (error.details ?? []) as unknown[],
      });
    }
    throw error;
  }
}

type Completed = Extract<ToolCallOutcome, { status: 'completed' }>;

/** A completed call's outcome: the tool's result with what the call was charged (and the balance it left). */
function completed(result: ToolResult, charge: Omit<Completed, 'status' | 'output' | 'model' | 'tokens' | 'meta'>): Completed {
  return {
    status: 'completed',
    output: result.output,
    model: result.model,
    tokens: result.tokens,
    ...(result.meta ? { meta: result.meta } : {}),
    ...(result.upstreamMs !== undefined ? { upstreamMs: result.upstreamMs } : {}),
    ...charge,
  };
}

/**
 * A quick call's outcome. Its caller may have left while it ran (milliseconds, but a busy worker stretches them): a
 * key's charge for an answer nobody can collect is given back (ToolCallRefunded, reason CallerGone); a free call stays
 * used, as its tool ran.
 */
async function quickOutcome(
  request: ToolCallRequest,
  caller: Caller,
  { result, reservation, chargedMicros, balanceMicros }: QuickCallResult & { kind: 'completed' },
): Promise<ToolCallOutcome> {
  if (caller.gone && request.whenCallerLeaves === 'cancel') {
    if (request.payer.kind === 'key' && chargedMicros > 0) {
      await CancellationScope.nonCancellable(() =>
        ledger.reverseCharge({ callId: request.callId, reason: CallErrors.callerGone, requestId: request.requestId }),
      );
    }
    return dropped('caller_gone');
  }
  return completed(result, { chargedMicros, balanceMicros, freeCallsRemaining: reservation.freeCallsRemaining });
}

/** The ordinary steps: after a quick path that could not finish (`quick`), or for every call that has none. */
async function runCall(request: ToolCallRequest, caller: Caller, quick: QuickCallResult | undefined): Promise<ToolCallOutcome> {
  const { callId, tool, payer, input, requestId } = request;
  // Money moves even when the caller has gone (a cut stream cancels the workflow): holds, charges and refunds are never cancelled.
  const reservation = quick?.kind === 'rejected' ? quick.reservation : await CancellationScope.nonCancellable(() => reservations.reserveCall(request));
  if (!reservation.ok) {
    setStatus(request, 'rejected');
    const { reason, priceMicros, balanceMicros, limit } = reservation;
    return { status: 'rejected', reason, priceMicros, balanceMicros, ...(limit ? { limit } : {}) };
  }
  const refund = (failure: { type: string; message: string }, toolRan: boolean) =>
    CancellationScope.nonCancellable(() =>
      ledger.refundCall({
        callId,
        tool,
        payer,
        reservedMicros: reservation.reservedMicros,
        freeDay: reservation.freeDay,
        error: failure.message,
        code: failure.type,
        requestId,
        ...(toolRan ? { toolRan } : {}),
      }),
    );
  // Left (or out of time) while its hold was written, before its tool began: given back whole, free call included.
  const late = dropReason(request, caller);
  if (late) {
    await refund(dropFailure(late), false);
    return dropped(late);
  }

  let result;
  try {
    if (quick?.kind === 'tool-failed' && !quick.failure.retryable) {
      const { type, message, details } = quick.failure;
      throw ApplicationFailure.create({ type, message, details, nonRetryable: true });
    }
    const runner = request.stream ? streamingTools : request.execution === 'local-activity' ? quickTools : tools;
    const deadline = request.deadline !== undefined ? { deadline: request.deadline } : {};
    // Its own scope, so a caller that leaves a call nobody can collect cancels the tool (followCaller), not the money.
    caller.tool = new CancellationScope();
    result = await caller.tool.run(() =>
      request.orchestration
        ? runOrchestration(request, request.orchestration, reservation.reservedMicros)
        : runner.runTool({ tool, input, callId, payer, requestId, ...(request.stream ? { stream: true } : {}), ...deadline }),
    );
  } catch (error) {
    const goneMidRun = isCancellation(error) && caller.gone && request.whenCallerLeaves === 'cancel';
    const failure = goneMidRun ? dropFailure('caller_gone') : describeFailure(error);
    // A free call is given back when the tool failed or never began; one its caller cut short stays used (its tool ran).
    await refund(failure, goneMidRun);
    setStatus(request, 'failed');
    if (goneMidRun) return dropped('caller_gone');
    if (isCancellation(error)) throw error;
    throw ApplicationFailure.create({ message: failure.message, type: failure.type, nonRetryable: true, details: failure.details });
  }

  // The answer is ready and its caller left: nobody can collect it (refunded), or it is kept for collection (charged, on the record).
  if (caller.gone && request.whenCallerLeaves === 'cancel') {
    await refund(dropFailure('caller_gone'), true);
    setStatus(request, 'failed');
    return dropped('caller_gone');
  }
  const callerLeft = caller.gone ? { callerLeft: true } : {};

  const { payment } = request;
  if (payment) {
    // x402: the result is given only once the transfer has landed; a refused transfer means no result and no charge.
    // An upto payment moves what the tokens cost (never more than the maximum it authorised), an exact one its price.
    const settling = {
      callId,
      tool,
      requestId,
      payment,
      ...(payment.upto ? { chargedMicros: chargeWithin(payment.priceMicros, result, request.metering) } : {}),
      model: result.model,
      tokens: result.tokens,
      durationMs: result.durationMs,
      ...(request.sale ? { sale: request.sale } : {}),
      ...callerLeft,
    };
    const paid = await CancellationScope.nonCancellable(() =>
      settleWhileValid(
        payment,
        (chain, mode) => chain.settleX402Call(settling, mode),
        async (message) => {
          await ledger.refundCall({ callId, tool, payer, reservedMicros: 0, error: message, code: PAYMENT_FAILED, requestId });
          return { ok: false, reason: 'settlement_unavailable', message } as const;
        },
      ),
    );
    if (!paid.ok) {
      setStatus(request, 'failed');
      return { status: 'payment_failed', reason: paid.reason, message: paid.message };
    }
    return completed(result, { chargedMicros: paid.chargedMicros, receiptHeaders: paid.receiptHeaders });
  }

  const settlement = await CancellationScope.nonCancellable(() =>
    ledger.settleCall({
      callId,
      tool,
      payer,
      reservedMicros: reservation.reservedMicros,
      chargedMicros: chargeWithin(reservation.reservedMicros, result, request.metering),
      model: result.model,
      tokens: result.tokens,
      durationMs: result.durationMs,
      requestId,
      ...(request.sale ? { sale: request.sale } : {}),
      ...callerLeft,
    }),
  );
  return completed(result, {
    chargedMicros: settlement.chargedMicros,
    balanceMicros: settlement.balanceMicros,
    freeCallsRemaining: reservation.freeCallsRemaining,
  });
}

/**
 * An offline tool paid by key or free tier is run, reserved and charged in one local activity. Anything that path
 * cannot finish (its tool failed, the call already has a history, or the ledger kept failing) continues on the
 * ordinary steps (`runCall`), which find what the quick one already did.
 */
function tryQuickCall(request: ToolCallRequest): Promise<QuickCallResult | undefined> {
  return CancellationScope.nonCancellable(() => quickCalls.quickLocalCall(request)).catch((error: unknown) => {
    if (isCancellation(error)) throw error;
    return undefined;
  });
}

/**
 * Marks calls that did not complete (CallStatus = "failed" or "rejected") for operators; a completed call is one whose
 * workflow completed without a CallStatus, so the common case writes nothing more to history or visibility. A quick
 * call started without its Tool, Payer and PaymentMethod (see isQuickCall): they come with its status, so every call
 * that needs an operator's eye is found by them.
 */
function setStatus(request: ToolCallRequest, status: 'failed' | 'rejected'): void {
  upsertSearchAttributes([...callSearchAttributes(request), { key: searchAttributes.callStatus, value: status }]);
}

/** How a dropped call's refund names why (ToolCallFailed.code and error). */
function dropFailure(reason: DropReason): { type: string; message: string; details: unknown[] } {
  return reason === 'caller_gone'
    ? { type: CallErrors.callerGone, message: 'the caller left before the answer and nobody can collect it: not charged', details: [] }
    : { type: CallErrors.deadlineExceeded, message: "the caller's deadline passed before the tool started: not charged", details: [] };
}

/** The tool's own failure (its type decides the HTTP status), or an internal error. */
function describeFailure(error: unknown): { type: string; message: string; details: unknown[] } {
  let cause: unknown = error;
  while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error && cause.cause) cause = cause.cause;
  if (cause instanceof ApplicationFailure && cause.type) return { type: cause.type, message: cause.message, details: (cause.details ?? []) as unknown[] };
  if (isCancellation(error))
    return { type: CallErrors.cancelled, message: 'the call was cancelled before the tool finished (the caller went away)', details: [] };
  return { type: CallErrors.internal, message: error instanceof Error ? error.message : String(error), details: [] };
}
