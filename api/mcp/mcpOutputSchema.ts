import type { JsonSchema, ToolEntry } from '../../schema/registry';

export type McpObjectSchema = { readonly type: 'object' } & JsonSchema;

/** The x402 PaymentRequired a payment-required result carries as its structuredContent (mcpPayment.ts), in brief. */
const PAYMENT_REQUIRED: McpObjectSchema = { type: 'object', description: 'x402 PaymentRequired', required: ['x402Version', 'accepts'] };

/**
 * The tool's outputSchema: its registry output, what `structuredContent` holds when the call succeeds. Where a call
 * can be asked to pay with x402, it also admits the PaymentRequired that the x402 MCP transport puts in the
 * structuredContent of an isError result: the v1 SDK client (1.x, what most hosts run) checks structuredContent
 * against the schema even on errors, so without it an x402 client could never read what to pay.
 */
export function mcpOutputSchema(entry: ToolEntry, asksX402: boolean): McpObjectSchema {
  const output = entry.output as McpObjectSchema;
  if (output.type !== 'object') throw new Error(`${entry.name}: an MCP tool's output schema must be an object`);
  return asksX402 ? { type: 'object', anyOf: [output, PAYMENT_REQUIRED] } : output;
}
