import { ApplicationFailure } from '@temporalio/common';
import { CallErrors, NON_RETRYABLE_CALL_ERRORS, type QuickCallResult, type ToolCallRequest, type ToolResult } from '../../schema/calls';
import { chargeQuickCall } from '../../core/ledger/chargeQuickCall';
import type { BillingDeps } from '../../core/ledger/reserveCall';
import type { RunToolRequest } from '../tools/runTool';

export type TimedRunTool = (request: RunToolRequest) => Promise<ToolResult & { durationMs: number }>;

/**
 * An offline tool, run and charged in one local activity: the tool first (it has no side effects, so a retry or a
 * refused payer costs only its milliseconds), then its reservation and settlement in one transaction. One activity
 * instead of three, and one ledger transaction instead of two, is most of the overhead of a millisecond-long tool.
 * A tool that fails, or a call that already has a history, is handed back to the workflow's ordinary steps.
 */
export async function quickLocalCall(billing: BillingDeps, runTool: TimedRunTool, request: ToolCallRequest): Promise<QuickCallResult> {
  let result;
  try {
    result = await runTool({ tool: request.tool, input: request.input, callId: request.callId, payer: request.payer, requestId: request.requestId });
  } catch (error) {
    return { kind: 'tool-failed', failure: describeToolFailure(error) };
  }
  const charge = await chargeQuickCall(billing, request, result);
  if (charge.kind !== 'completed') return charge;
  return { ...charge, result };
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
