import { listPriceOf } from '../../core/ledger/pricing';
import { buildRequirements, toV2Requirements } from '../../core/x402';
import type { V2Requirements } from '../../core/x402/wireRequirements';
import type { Config } from '../../schema/config';
import { registry, type ToolEntry } from '../../schema/registry';
import type { AppDeps } from '../deps';
import { NotConfigured } from '../errors/httpErrors';
import { mcpCatalogue } from '../mcp/mcpCatalogue';
import { toolAvailability } from '../availability/toolAvailability';
import { BAZAAR, discoveryOf, mcpDiscovery, mediaTypeOf } from '../payments/bazaarDiscovery';

const SERVICE_NAME = 'toolgate';

/** One item of the list, in the Bazaar's shape (`DiscoveryResource` of @x402/extensions). */
export interface X402Resource {
  readonly resource: string;
  readonly type: 'http' | 'mcp';
  readonly x402Version: 2;
  readonly accepts: readonly V2Requirements[];
  readonly lastUpdated: string;
  readonly description: string;
  readonly mimeType: string;
  readonly serviceName: string;
  readonly tags: readonly string[];
  readonly extensions: Readonly<Record<string, unknown>>;
}

/** What can be listed: every route x402 pays at a list price (a marketplace call costs what the listing it names costs). */
const listed = (entry: ToolEntry, config: Config) => !entry.priceFrom && listPriceOf(entry, config) > 0;

/** A listed item and the route it is about (its entry's path), by which availability filters it. */
interface Listed {
  readonly path: string;
  readonly item: X402Resource;
}

const catalogues = new WeakMap<Config, readonly Listed[]>();

/** The Bazaar's list as this deployment can serve it now: what toolAvailability says cannot run is not offered. */
async function availableResources(deps: Pick<AppDeps, 'config' | 'x402' | 'x402Off' | 'clock' | 'store' | 'localModels'>): Promise<X402Resource[]> {
  const all = x402Resources(deps);
  const { unavailable } = await toolAvailability(deps);
  return all.filter((listed) => !unavailable.has(listed.path)).map((listed) => listed.item);
}

/**
 * The Bazaar's record of every paid route, over HTTP and then over MCP: what the facilitator's discovery list
 * (`GET /discovery/resources`) and the origin's `/.well-known/x402.json` hold. Each item is the same as a payment
 * through the self-hosted facilitator would catalogue: the resource, its `accepts` (the 402's requirements at the list
 * price) and the route's Bazaar extension (input and output schemas from the registry). Built once per configuration;
 * what is offered of it is filtered by availability at each request (availableResources).
 */
export function x402Resources(deps: Pick<AppDeps, 'config' | 'x402' | 'x402Off' | 'clock'>): readonly Listed[] {
  const { config, x402 } = deps;
  if (!x402)
    throw new NotConfigured(
      `x402 payments are off here, so no resource is listed: ${deps.x402Off ?? 'no payee is configured'}`,
      'An operator must configure x402 payments (a payee and a facilitator) for the resources to be listed.',
      ['X402_PAY_TO', 'X402_FACILITATOR_URL', 'X402_RPC_URL', 'X402_FACILITATOR_PRIVATE_KEY'],
    );
  const cached = catalogues.get(config);
  if (cached) return cached;
  const lastUpdated = deps.clock.now().toISOString();
  const item = (entry: ToolEntry, resource: string, type: 'http' | 'mcp', bazaar: unknown): Listed => {
    const mimeType = type === 'http' ? mediaTypeOf(entry) : 'application/json';
    const requirements = buildRequirements(x402.terms, { price: listPriceOf(entry, config), resource, description: entry.summary, mimeType });
    return {
      path: entry.path,
      item: {
        resource,
        type,
        x402Version: 2,
        accepts: [toV2Requirements(requirements)],
        lastUpdated,
        description: entry.summary,
        mimeType,
        serviceName: SERVICE_NAME,
        tags: [entry.category, ...(entry.premium ? ['premium'] : [])],
        extensions: { [BAZAAR]: bazaar },
      },
    };
  };
  const http = registry
    .filter((entry) => entry.execution !== 'inline' && listed(entry, config))
    .map((entry) => item(entry, `${config.publicBaseUrl}${entry.path}`, 'http', discoveryOf(entry, config)));
  const mcp = mcpCatalogue({ config, x402 })
    .tools.filter((tool) => listed(tool.entry, config))
    .map((tool) => item(tool.entry, `${config.publicBaseUrl}/mcp`, 'mcp', mcpDiscovery(tool.entry, tool)));
  const all = [...http, ...mcp];
  catalogues.set(config, all);
  return all;
}

/** GET /discovery/resources: one page of the list, filtered as the Bazaar client asks (`type`, `limit`, `offset`). */
export async function discoveryResources(
  deps: Pick<AppDeps, 'config' | 'x402' | 'x402Off' | 'clock' | 'store' | 'localModels'>,
  query: { type?: string; limit?: number; offset?: number },
): Promise<Record<string, unknown>> {
  const matching = (await availableResources(deps)).filter((item) => query.type === undefined || item.type === query.type);
  const limit = query.limit ?? 100;
  const offset = query.offset ?? 0;
  return { x402Version: 2, items: matching.slice(offset, offset + limit), pagination: { limit, offset, total: matching.length } };
}

/**
 * GET /.well-known/x402.json, the draft well-known discovery document: the origin's whole list in the envelope of the
 * facilitator's (an agent reads one URL, without a facilitator or a payment first).
 */
export async function wellKnownX402(deps: Pick<AppDeps, 'config' | 'x402' | 'x402Off' | 'clock' | 'store' | 'localModels'>) {
  const items = await availableResources(deps);
  return {
    x402Version: 2,
    serviceName: SERVICE_NAME,
    origin: deps.config.publicBaseUrl,
    discovery: `${deps.config.publicBaseUrl}/discovery/resources`,
    items,
    pagination: { limit: items.length, offset: 0, total: items.length },
  };
}
