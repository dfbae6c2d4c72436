import { listPriceOf } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import type { ToolEntry } from '../../schema/registry/types';
import type { Availability, Unavailable } from '../availability/toolAvailability';
import { mcpCatalogue } from '../mcp/mcpCatalogue';
import { mcpToolGroups } from '../mcp/mcpToolGroups';
import { API_VERSION } from '../middleware/versionHeaders';

export function describeEntry(entry: ToolEntry, config: Config, unavailable?: Unavailable) {
  const base = config.publicBaseUrl;
  return {
    name: entry.name,
    method: entry.method,
    path: entry.path,
    url: `${base}${entry.path}`,
    summary: entry.summary,
    price_usd: microsToUsd(listPriceOf(entry, config)),
    premium: entry.premium,
    free_tier: entry.freeTier,
    model: entry.model,
    // Whether this deployment can serve it now; when not, why (a setting to set, or its model providers failing).
    available: !unavailable,
    ...(unavailable ? { unavailable } : {}),
  };
}

/** GET /discover: the service catalogue by category, with prices, how to pay, and which tools cannot run here now. */
export function discoverCatalogue(config: Config, availability?: Availability) {
  const base = config.publicBaseUrl;
  const categories: Record<string, ReturnType<typeof describeEntry>[]> = {};
  for (const entry of registry) (categories[entry.category] ??= []).push(describeEntry(entry, config, availability?.unavailable.get(entry.path)));
  return {
    service: 'toolgate',
    version: API_VERSION,
    base_url: base,
    endpoints: registry.length,
    ...(availability ? { available: registry.length - availability.unavailable.size } : {}),
    payment: {
      api_key: {
        header: 'Authorization: Bearer apk_…',
        get_one: `${base}/auth/generate-key`,
        trial_credit_usd: microsToUsd(config.trialCredit),
        bulk_discount: `${config.discountPercent}% while balance ≥ ${microsToUsd(config.discountThreshold)} USD`,
      },
      x402: { network: config.x402Network, asset: 'USDC (6 decimals)', headers: ['PAYMENT-SIGNATURE (v2)', 'X-PAYMENT (v1)'] },
      free_tier: { calls_per_day: config.freeTierDaily, status: `${base}/free-tier/status`, excludes: registry.filter((e) => e.premium).map((e) => e.path) },
      mcp: { url: `${base}/mcp`, free_calls_per_day: config.mcpFreeDaily, tool_groups: mcpToolGroupList(config) },
      a2a: { url: `${base}/a2a`, agent_card: `${base}/.well-known/agent-card.json` },
    },
    links: {
      openapi: `${base}/openapi.json`,
      docs: `${base}/docs`,
      llms_txt: `${base}/llms.txt`,
      agent_card: `${base}/.well-known/agent-card.json`,
      buy_credits: `${base}/buy-credits`,
    },
    categories,
  };
}

/** The groups of the MCP tool list a host can ask for alone (the same tools whatever the ways to pay). */
function mcpToolGroupList(config: Config) {
  const base = config.publicBaseUrl;
  return [...mcpToolGroups(mcpCatalogue({ config, x402: null })).values()].map((g) => ({
    name: g.name,
    kind: g.kind,
    url: `${base}/mcp?tools=${g.name}`,
    tools: g.tools.length,
  }));
}
