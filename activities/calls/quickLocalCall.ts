import { ApplicationFailure } from '@temporalio/common';
import { CallErrors, NON_RETRYABLE_CALL_ERRORS, type QuickCallResult, type ToolCallRequest, type ToolResult } from '../../schema/calls';
import { byName } from '../../schema/registry';
import { chargeQuickCall } from '../../core/ledger/chargeQuickCall';
import { type BillingDeps, reserveCall } from '../../core/ledger/reserveCall';
import { settleCall, settlementOf } from '../../core/ledger/settleCall';
import type { RunToolRequest } from '../tools/runTool';

export type TimedRunTool = (request: RunToolRequest) => Promise<ToolResult & { durationMs: number }>;

/**
 * A quick tool, run and charged in one local activity: one activity instead of three is most of the overhead of a
 * millisecond-long tool. A tool with no side effects (the offline methods, local data lookups) runs first — a retry
 * or a refused payer costs only its milliseconds — and is then reserved and charged in ONE ledger transaction. A tool
 * that acts as its payer (agents, memory, messages …) runs only once its price is held, and records its effects once
 * per call. A tool that fails, or a call that already has a history, is handed back to the workflow's ordinary steps,
 * which find what this one did.
 */
export async function quickLocalCall(billing: BillingDeps, runTool: TimedRunTool, request: ToolCallRequest): Promise<QuickCallResult> {
  // Waited in a queue past its caller's deadline: nothing runs, nothing is held.
  if (request.deadline !== undefined && billing.clock.now().getTime() >= request.deadline) return { kind: 'dropped', reason: 'deadline_exceeded' };
  if (byName.get(request.tool)?.needsIdentity) return reserveRunAndSettle(billing, runTool, request);
  let result;
  try {
    result = await runTool(toolRequest(request));
  } catch (error) {
    return { kind: 'tool-failed', failure: describeToolFailure(error) };
  }
  const charge = await chargeQuickCall(billing, request, result);
  if (charge.kind !== 'completed') return charge;
  return { ...charge, result };
}

/** The three steps, each idempotent by call id, for a tool with effects: nothing runs before the price is held. */
async function reserveRunAndSettle(billing: BillingDeps, runTool: TimedRunTool, request: ToolCallRequest): Promise<QuickCallResult> {
  const reservation = await reserveCall(billing, request);
  if (!reservation.ok) return { kind: 'rejected', reservation };
  let result;
  try {
    result = await runTool(toolRequest(request));
  } catch (error) {
    // The hold stays: the workflow's ordinary steps find it, retry the tool or refund it.
    return { kind: 'tool-failed', failure: describeToolFailure(error) };
  }
  const settlement = await settleCall(billing, settlementOf(request, reservation.reservedMicros, result));
  return { kind: 'completed', reservation, result, chargedMicros: settlement.chargedMicros, balanceMicros: settlement.balanceMicros };
}

function toolRequest(request: ToolCallRequest): RunToolRequest {
  return {
    tool: request.tool,
    input: request.input,
    callId: request.callId,
    payer: request.payer,
    requestId: request.requestId,
    ...(request.deadline !== undefined ? { deadline: request.deadline } : {}),
  };
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
