import { ApplicationFailure } from '@temporalio/common';
import { CallErrors, NON_RETRYABLE_CALL_ERRORS, type QuickCallResult, type ToolCallRequest, type ToolResult } from '../../schema/calls';
import { meteredCharge } from '../../schema/metering';
import { type BillingDeps, reserveCall } from '../../core/ledger/reserveCall';
import { settleCall } from '../../core/ledger/settleCall';
import type { RunToolRequest } from '../tools/runTool';

export type TimedRunTool = (request: RunToolRequest) => Promise<ToolResult & { durationMs: number }>;

/**
 * Reserve, run and settle an offline tool in one local activity. The three steps are each idempotent by call id,
 * so a retry or a replay after a crash repeats nothing that already happened: it finds the reservation, runs the
 * tool again (offline tools have no side effects; tools with state record theirs once per call) and finds the settlement. One activity instead of three saves
 * two round trips between the workflow and its worker, most of the overhead of a millisecond-long tool.
 * A tool failure is handed back with the reservation still held, for the workflow's ordinary retry and refund.
 */
export async function quickLocalCall(billing: BillingDeps, runTool: TimedRunTool, request: ToolCallRequest): Promise<QuickCallResult> {
  const reservation = await reserveCall(billing, request);
  if (!reservation.ok) return { kind: 'rejected', reservation };

  let result;
  try {
    result = await runTool({ tool: request.tool, input: request.input, callId: request.callId, payer: request.payer, requestId: request.requestId });
  } catch (error) {
    return { kind: 'tool-failed', reservation, failure: describeToolFailure(error) };
  }
  const chargedMicros = request.metering
    ? Math.min(reservation.reservedMicros, meteredCharge(result.model, result.tokens, request.metering))
    : reservation.reservedMicros;
  const settlement = await settleCall(billing, {
    callId: request.callId,
    tool: request.tool,
    payer: request.payer,
    reservedMicros: reservation.reservedMicros,
    chargedMicros,
    model: result.model,
    tokens: result.tokens,
    durationMs: result.durationMs,
    requestId: request.requestId,
    ...(request.sale ? { sale: request.sale } : {}),
  });
  return { kind: 'completed', reservation, result, chargedMicros: settlement.chargedMicros, balanceMicros: settlement.balanceMicros };
}

function describeToolFailure(error: unknown): { type: string; message: string; details: unknown[]; retryable: boolean } {
  if (error instanceof ApplicationFailure) {
    const type = error.type ?? CallErrors.internal;
    return {
      type,
      message: error.message,
      details: (error.details ?? []) as unknown[],
      retryable: !error.nonRetryable && !NON_RETRYABLE_CALL_ERRORS.includes(type),
    };
  }
  return { type: CallErrors.internal, message: error instanceof Error ? error.message : String(error), details: [], retryable: true };
}
