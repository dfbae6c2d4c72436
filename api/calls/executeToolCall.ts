import type { ToolCallOutcome, ToolCallRequest } from '../../schema/calls';
import { microsToUsd } from '../../schema/money';
import { searchAttributes } from '../../schema/searchAttributes';
import type { toolCall } from '../../workflows/toolCall';
import type { AppDeps } from '../deps';
import { runWorkflow, type WorkflowResult } from './runWorkflow';

/** A tool call as the `toolCall` workflow `call-<call id>`, findable in the Temporal UI by tool, payer, method and status. */
export function executeToolCall(deps: AppDeps, request: ToolCallRequest): Promise<WorkflowResult<ToolCallOutcome>> {
  const payerTag = `${request.payer.kind}:${request.payer.id}`;
  return runWorkflow<typeof toolCall>(deps, 'toolCall', {
    workflowId: `call-${request.callId}`,
    args: [request],
    reportsEndAs: request.callId,
    owner: `${payerTag}/${request.tool}`,
    request: { tool: request.tool, input: request.input, payer: payerTag, pricing: request.pricing, stream: request.stream ?? false },
    searchAttributes: [
      { key: searchAttributes.tool, value: request.tool },
      { key: searchAttributes.payer, value: payerTag },
      { key: searchAttributes.paymentMethod, value: request.payer.kind },
    ],
    memo: { requestId: request.requestId, listPriceUsd: microsToUsd(request.listPriceMicros), pricing: request.pricing, payer: payerTag, tool: request.tool },
  });
}
