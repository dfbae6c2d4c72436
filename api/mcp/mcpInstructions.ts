import type { AppDeps } from '../deps';
import type { McpCatalogue } from './mcpCatalogue';
import { MCP_PAYMENT_META } from './mcpPayment';
import { MCP_PRICE_META } from './mcpPrice';
import { type McpToolSelection, mcpToolGroups } from './mcpToolGroups';

/**
 * What the server tells a host's model once (initialize / server/discover): how to pay, and how to ask for a part of
 * the tool list, so a host that wants only some tools knows where to connect.
 */
export function mcpInstructions(deps: Pick<AppDeps, 'config' | 'x402'>, catalogue: McpCatalogue, selection: McpToolSelection): string {
  const { config } = deps;
  const base = `${config.publicBaseUrl}/mcp`;
  const ways = [`an API key sent as "Authorization: Bearer apk_…" (one: POST ${config.publicBaseUrl}/auth/generate-key)`];
  if (deps.x402) {
    ways.push(
      `x402: a call that must be paid answers isError with an x402 PaymentRequired in structuredContent; sign one of its accepts and repeat the call with the PaymentPayload in _meta["${MCP_PAYMENT_META}"]`,
    );
  }
  if (config.mcpFreeDaily > 0) ways.push(`neither: ${config.mcpFreeDaily} calls a day per client (not premium tools, nor tools that act as their payer)`);
  const groups = [...mcpToolGroups(catalogue).values()];
  const categories = groups.filter((g) => g.kind === 'category').map((g) => `${g.name} (${g.tools.length})`);
  const families = groups.filter((g) => g.kind === 'family').map((g) => g.name);
  const here = selection.groups.length
    ? `This endpoint offers the ${selection.tools.length} tools of ${selection.groups.join(', ')}; ${base} offers all ${catalogue.tools.length}.`
    : `This endpoint offers all ${catalogue.tools.length} tools.`;
  return [
    `toolgate: pay-per-call AI tools. Pay each call with ${ways.join('; or ')}. A tool's price is in its description and in _meta["${MCP_PRICE_META}"].`,
    `${here} For fewer, connect to ${base}?tools=<groups, comma-separated>: a category, ${categories.join(', ')}; or a family, ${families.join(', ')}.`,
  ].join('\n');
}
