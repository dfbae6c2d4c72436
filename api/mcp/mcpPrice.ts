import { listPriceOf } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry';

/** The tool's price in its `_meta`, under this service's own prefix (MCP reserves unprefixed and io.modelcontextprotocol/ keys). */
export const MCP_PRICE_META = 'toolgate/price';

export type PaymentMethod = 'api_key' | 'x402' | 'mcp_allowance';

/** What a call costs and how it can be paid, for hosts (the description says the same for models). */
export interface McpPrice {
  /** The list price in micro-USD (integer) and USD; absent when a marketplace listing sets it. */
  readonly micro_usd?: number;
  readonly usd?: number;
  /** `listing`: the listing named in the arguments sets the price. */
  readonly price_from?: 'listing';
  readonly pay_with: readonly PaymentMethod[];
  readonly premium: boolean;
}

/** How a caller may pay for the tool here: a key always, x402 when this deployment takes it, the allowance for tools it covers. */
export function mcpPrice(entry: ToolEntry, config: Config, x402: boolean): McpPrice {
  const premium = entry.premium;
  if (entry.priceFrom === 'listing') return { price_from: 'listing', pay_with: paidBy(entry, config, x402), premium };
  const micros = listPriceOf(entry, config);
  if (micros === 0) return { micro_usd: 0, usd: 0, pay_with: [], premium };
  return { micro_usd: micros, usd: microsToUsd(micros), pay_with: paidBy(entry, config, x402), premium };
}

function paidBy(entry: ToolEntry, config: Config, x402: boolean): PaymentMethod[] {
  // The allowance names nobody, so a tool that acts as its payer needs a key or a wallet; premium tools are outside it.
  const allowance = config.mcpFreeDaily > 0 && !entry.premium && !entry.needsIdentity;
  return ['api_key', ...(x402 ? ['x402' as const] : []), ...(allowance ? ['mcp_allowance' as const] : [])];
}

const SPOKEN: Record<PaymentMethod, string> = { api_key: 'API key', x402: 'x402', mcp_allowance: 'the daily MCP allowance' };

/** The price as the last sentence of a description, for the model that reads it. */
export function priceNote(entry: ToolEntry, price: McpPrice): string {
  if (price.pay_with.length === 0) return 'Free.';
  const ways = price.pay_with.map((method) => SPOKEN[method]);
  const paidWith = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : ways[0];
  const extra = entry.needsIdentity ? ', as whom it acts' : entry.premium ? '; premium' : '';
  const cost = price.price_from === 'listing' ? "Costs the listing's price" : `Costs ${price.usd} USD a call`;
  return `${cost} (${paidWith}${extra}).`;
}
