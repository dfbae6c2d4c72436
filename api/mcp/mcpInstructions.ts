import type { AppDeps } from '../deps';
import type { McpCatalogue } from './mcpCatalogue';
import { type McpMount, mcpMounts } from './mcpMounts';
import { MCP_PAYMENT_META } from './mcpPayment';
import { MCP_PRICE_META } from './mcpPrice';

/**
 * What the server tells a host's model once (initialize / server/discover): how to pay, and where the smaller parts
 * of the tool list are, so a host that wants only some tools knows where to connect.
 */
export function mcpInstructions(deps: Pick<AppDeps, 'config' | 'x402'>, catalogue: McpCatalogue, mount: McpMount | undefined): string {
  const { config } = deps;
  const base = `${config.publicBaseUrl}/mcp`;
  const ways = [`an API key sent as "Authorization: Bearer apk_…" (one: POST ${config.publicBaseUrl}/auth/generate-key)`];
  if (deps.x402) {
    ways.push(
      `x402: a call that must be paid answers isError with an x402 PaymentRequired in structuredContent; sign one of its accepts and repeat the call with the PaymentPayload in _meta["${MCP_PAYMENT_META}"]`,
    );
  }
  if (config.mcpFreeDaily > 0) ways.push(`neither: ${config.mcpFreeDaily} calls a day per client (not premium tools, nor tools that act as their payer)`);
  const mounts = [...mcpMounts(catalogue).values()];
  const categories = mounts.filter((m) => m.kind === 'category').map((m) => `${base}/${m.name} (${m.tools.length})`);
  const families = mounts.filter((m) => m.kind === 'family').map((m) => m.name);
  const here = mount
    ? `This endpoint offers the ${mount.tools.length} tools of "${mount.name}"; ${base} offers all ${catalogue.tools.length}.`
    : `This endpoint offers all ${catalogue.tools.length} tools.`;
  return [
    `toolgate: pay-per-call AI tools. Pay each call with ${ways.join('; or ')}. A tool's price is in its description and in _meta["${MCP_PRICE_META}"].`,
    `${here} Fewer tools: ${categories.join(', ')}; or one family, ${base}/<family>: ${families.join(', ')}.`,
  ].join('\n');
}
