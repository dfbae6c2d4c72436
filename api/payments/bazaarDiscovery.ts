import { bazaarResourceServerExtension, declareDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';
import type { Config } from '../../schema/config';
import { registry } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';
import { publicInput } from '../discovery/openApiDocument';
import { pathParamsIn } from '../middleware/validate';

/** The key of the Bazaar discovery extension in a PaymentRequired's `extensions`. */
export const BAZAAR = 'bazaar';

/**
 * The Bazaar discovery extension of a paid HTTP route, built with the official builder from the entry: its method, the
 * public input schema /openapi.json gives (aliases included) with the registry example as the body or query, path
 * parameters and the route template for /catalog/:id/invoke-like paths, and the registry output schema. The output has
 * no example (the registry holds none and none is made up): its schema rides where the Bazaar's schema puts it.
 */
export function httpDiscovery(entry: ToolEntry, config: Config): DiscoveryExtension {
  const inPath = pathParamsIn(entry);
  const example = (entry.example ?? {}) as Record<string, unknown>;
  const input = Object.fromEntries(Object.entries(example).filter(([name]) => !inPath.includes(name)));
  const inputSchema = publicInput(entry, config) as Record<string, unknown>;
  const pathParams = inPath.length ? Object.fromEntries(inPath.map((name) => [name, example[name]])) : undefined;
  const pathParamsSchema = inPath.length ? pathParamsSchemaOf(entry, inPath) : undefined;
  const declared =
    entry.method === 'GET' || entry.method === 'DELETE'
      ? declareDiscoveryExtension({ input, inputSchema, pathParams, pathParamsSchema })
      : declareDiscoveryExtension({ input, inputSchema, pathParams, pathParamsSchema, bodyType: entry.body === 'file' ? 'form-data' : 'json' });
  // The official enrichment a resource server applies per request: the method, and the route template of a path with parameters.
  const concretePath = entry.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(example[name] ?? name)));
  const enriched = bazaarResourceServerExtension.enrichDeclaration!(declared[BAZAAR], {
    method: entry.method,
    routePattern: entry.path,
    adapter: { getPath: () => concretePath },
  }) as DiscoveryExtension;
  return withOutput(enriched, entry.output, mediaTypeOf(entry));
}

/** The same for the tool offered over MCP: its name there, the inputSchema tools/list gives, and its output schema. */
export function mcpDiscovery(entry: ToolEntry, tool: { name: string; description: string; inputSchema: JsonSchema }): DiscoveryExtension {
  const declared = declareDiscoveryExtension({
    toolName: tool.name,
    description: tool.description,
    transport: 'streamable-http',
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(entry.example ? { example: entry.example as Record<string, unknown> } : {}),
  });
  return withOutput(declared[BAZAAR]!, entry.output, 'application/json');
}

const paidEntryAt = new Map<string, ToolEntry>();
for (const entry of registry) {
  // A path with a page and a form (/buy-credits) is offered for its form: paid entries first, then what is no GET.
  const known = paidEntryAt.get(entry.path);
  const paid = (e: ToolEntry) => e.price > 0 || Boolean(e.priceFrom);
  if (!known || (!paid(known) && (paid(entry) || (known.method === 'GET' && entry.method !== 'GET')))) paidEntryAt.set(entry.path, entry);
}

/** The registry entry a 402 for `path` is about (an offer names the route's path); undefined for a path of none. */
export function entryOfOffer(path: string): ToolEntry | undefined {
  return paidEntryAt.get(path);
}

function pathParamsSchemaOf(entry: ToolEntry, names: readonly string[]): Record<string, unknown> {
  const properties = (entry.input.properties ?? {}) as Record<string, JsonSchema>;
  return { properties: Object.fromEntries(names.map((name) => [name, properties[name] ?? { type: 'string' }])), required: [...names] };
}

/** The answer's type as Bazaar names it (`json`, else the media type) and its schema under `output.example`, where the Bazaar's schema keeps it. */
function withOutput(extension: DiscoveryExtension, output: JsonSchema, mediaType: string): DiscoveryExtension {
  const schema = extension.schema as { properties: Record<string, unknown> };
  return {
    ...extension,
    info: { ...extension.info, output: { type: outputType(mediaType) } },
    schema: {
      ...extension.schema,
      properties: {
        ...schema.properties,
        output: { type: 'object', properties: { type: { type: 'string' }, example: output }, required: ['type'] },
      },
    },
  } as unknown as DiscoveryExtension;
}

function outputType(mediaType: string): string {
  return mediaType === 'application/json' ? 'json' : mediaType;
}

export function mediaTypeOf(entry: ToolEntry): string {
  if (entry.streaming === 'always') return 'text/event-stream';
  const declared = entry.contentType ?? entry.output.contentMediaType;
  return typeof declared === 'string' ? declared : 'application/json';
}

const built = new WeakMap<Config, Map<string, DiscoveryExtension>>();

/** httpDiscovery, built once per entry and configuration (the document does not change while the process runs). */
export function discoveryOf(entry: ToolEntry, config: Config): DiscoveryExtension {
  let byName = built.get(config);
  if (!byName) built.set(config, (byName = new Map()));
  let found = byName.get(entry.name);
  if (!found) byName.set(entry.name, (found = httpDiscovery(entry, config)));
  return found;
}
