import {
  ApplicationFailure,
  CancellationScope,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  proxySinks,
  upsertSearchAttributes,
  type Sinks,
} from '@temporalio/workflow';
import type { Activities } from '../activities/createActivities';
import {
  CallErrors,
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

/**
 * One paid tool call: hold the price, run the tool, then charge or give it back. Money moves only here,
 * so a crash anywhere resumes from history and the reservation is always settled or refunded, exactly once.
 * How it ended is also told to the worker process (a sink), so an API running this worker answers without waiting
 * for the result to come back through the server.
 */
export async function toolCall(request: ToolCallRequest): Promise<ToolCallOutcome> {
  try {
    // The quick path is awaited here rather than inside runCall: every promise a workflow creates costs the SDK a
    // stack capture (for its stack-trace query), each frame mapped through the bundle's source map, so the hot path
    // keeps few async layers and a shallow stack.
    const quick = isQuickCall(request) ? await tryQuickCall(request) : undefined;
    const outcome = quick?.kind === 'completed' ? quickOutcome(quick) : await runCall(request, quick);
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

function quickOutcome({ result, reservation, chargedMicros, balanceMicros }: QuickCallResult & { kind: 'completed' }): Completed {
  return completed(result, { chargedMicros, balanceMicros, freeCallsRemaining: reservation.freeCallsRemaining });
}

/** The ordinary steps: after a quick path that could not finish (`quick`), or for every call that has none. */
async function runCall(request: ToolCallRequest, quick: QuickCallResult | undefined): Promise<ToolCallOutcome> {
  const { callId, tool, payer, input, requestId } = request;
  // Money moves even when the caller has gone (a cut stream cancels the workflow): holds, charges and refunds are never cancelled.
  const reservation = quick?.kind === 'rejected' ? quick.reservation : await CancellationScope.nonCancellable(() => reservations.reserveCall(request));
  if (!reservation.ok) {
    setStatus(request, 'rejected');
    const { reason, priceMicros, balanceMicros, limit } = reservation;
    return { status: 'rejected', reason, priceMicros, balanceMicros, ...(limit ? { limit } : {}) };
  }

  let result;
  try {
    if (quick?.kind === 'tool-failed' && !quick.failure.retryable) {
      const { type, message, details } = quick.failure;
      throw ApplicationFailure.create({ type, message, details, nonRetryable: true });
    }
    const runner = request.stream ? streamingTools : request.execution === 'local-activity' ? quickTools : tools;
    result = request.orchestration
      ? await runOrchestration(request, request.orchestration, reservation.reservedMicros)
      : await runner.runTool({ tool, input, callId, payer, requestId, ...(request.stream ? { stream: true } : {}) });
  } catch (error) {
    const failure = describeFailure(error);
    await CancellationScope.nonCancellable(() =>
      ledger.refundCall({
        callId,
        tool,
        payer,
        reservedMicros: reservation.reservedMicros,
        freeDay: reservation.freeDay,
        error: failure.message,
        code: failure.type,
        requestId,
      }),
    );
    setStatus(request, 'failed');
    if (isCancellation(error)) throw error;
    throw ApplicationFailure.create({ message: failure.message, type: failure.type, nonRetryable: true, details: failure.details });
  }

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

/** The tool's own failure (its type decides the HTTP status), or an internal error. */
function describeFailure(error: unknown): { type: string; message: string; details: unknown[] } {
  let cause: unknown = error;
  while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error && cause.cause) cause = cause.cause;
  if (cause instanceof ApplicationFailure && cause.type) return { type: cause.type, message: cause.message, details: (cause.details ?? []) as unknown[] };
  if (isCancellation(error))
    return { type: CallErrors.cancelled, message: 'the call was cancelled before the tool finished (the caller went away)', details: [] };
  return { type: CallErrors.internal, message: error instanceof Error ? error.message : String(error), details: [] };
}
