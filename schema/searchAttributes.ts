import { defineSearchAttributeKey } from '@temporalio/common';

/** What an operator filters on in the Temporal UI, e.g. `Tool = "sentiment" AND CallStatus = "failed"`, or a custom agent's runs by `AgentId`. */
export const searchAttributes = {
  tool: defineSearchAttributeKey('Tool', 'KEYWORD'),
  payer: defineSearchAttributeKey('Payer', 'KEYWORD'),
  paymentMethod: defineSearchAttributeKey('PaymentMethod', 'KEYWORD'),
  callStatus: defineSearchAttributeKey('CallStatus', 'KEYWORD'),
  /** A custom agent's runs, schedules' runs and trigger workflow: `AgentId = "cag_…"`. */
  agentId: defineSearchAttributeKey('AgentId', 'KEYWORD'),
} as const;

/** How a tool call is found: by its tool, who pays and how. */
export function callSearchAttributes(request: { readonly tool: string; readonly payer: { readonly kind: string; readonly id: string } }) {
  return [
    { key: searchAttributes.tool, value: request.tool },
    { key: searchAttributes.payer, value: `${request.payer.kind}:${request.payer.id}` },
    { key: searchAttributes.paymentMethod, value: request.payer.kind },
  ];
}

/** The same, as the dev server's --search-attribute flags and the operator API want them. */
export const searchAttributeTypes: Record<string, 'Keyword'> = Object.fromEntries(Object.values(searchAttributes).map((key) => [key.name, 'Keyword']));
