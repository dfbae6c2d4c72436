import { CALLER_GONE_SIGNAL, isQuickCall, type ToolCallOutcome, type ToolCallRequest } from '../../schema/calls';
import { microsToUsd } from '../../schema/money';
import { callSearchAttributes } from '../../schema/searchAttributes';
import type { toolCall } from '../../workflows/toolCall';
import type { AppDeps } from '../deps';
import { runWorkflow, type WorkflowResult } from './runWorkflow';

/**
 * A tool call as the `toolCall` workflow `call-<call id>`, findable in the Temporal UI by tool, payer, method and
 * status. The call's place in this process's admission (taken in prepareCall) is given back when the caller stops
 * waiting, with the latency it saw when the call ended with an answer. `leaving` is the caller's connection: one
 * closed before the call starts starts nothing; one closed later is told to the workflow (CALLER_GONE_SIGNAL), which
 * drops a call not yet begun and decides by `whenCallerLeaves` for one that has.
 */
export async function executeToolCall(deps: AppDeps, request: ToolCallRequest, leaving?: AbortSignal): Promise<WorkflowResult<ToolCallOutcome>> {
  let result: WorkflowResult<ToolCallOutcome> | undefined;
  try {
    if (leaving?.aborted) return { kind: 'result', value: { status: 'dropped', reason: 'caller_gone' } };
    result = await startToolCall(deps, request, leaving);
    return result;
  } finally {
    const answered = result?.kind === 'result' || result?.kind === 'failed';
    const upstreamMs = result?.kind === 'result' && result.value.status === 'completed' ? result.value.upstreamMs : undefined;
    deps.admission?.release(request.callId, answered ? { ...(upstreamMs !== undefined ? { upstreamMs } : {}) } : undefined);
  }
}

function startToolCall(deps: AppDeps, request: ToolCallRequest, leaving: AbortSignal | undefined): Promise<WorkflowResult<ToolCallOutcome>> {
  const payerTag = `${request.payer.kind}:${request.payer.id}`;
  return runWorkflow<typeof toolCall>(deps, 'toolCall', {
    workflowId: `call-${request.callId}`,
    args: [request],
    reportsEndAs: request.callId,
    owner: `${payerTag}/${request.tool}`,
    request: { tool: request.tool, input: request.input, payer: payerTag, pricing: request.pricing, stream: request.stream ?? false },
    // Measured on the dev server, any search attribute at start costs ~2 ms of Temporal's CPU per call, ~15% of a quick
    // call's throughput: quick calls are given theirs only if they fail (workflows/toolCall.ts).
    searchAttributes: isQuickCall(request) ? [] : callSearchAttributes(request),
    memo: { requestId: request.requestId, listPriceUsd: microsToUsd(request.listPriceMicros), pricing: request.pricing, payer: payerTag, tool: request.tool },
    ...(leaving ? { whenCallerLeaves: { leaving, signal: CALLER_GONE_SIGNAL } } : {}),
    // Dropped because another request for the same key left (or, attached to, because its deadline passed): a repeat
    // still waiting runs the call itself, under its own deadline.
    givenUp: (outcome, attached) => outcome.status === 'dropped' && (outcome.reason === 'caller_gone' || attached),
  });
}
