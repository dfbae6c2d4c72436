import { discountNote } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry, takesBody } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';
import { API_VERSION } from '../middleware/versionHeaders';
import { isFreeEndpoint } from './freeEndpoint';
import { COMMON_HEADERS, openApiComponents } from './openApiComponents';
import { pathParamsIn } from '../middleware/validate';

/** `/webhooks/:id` (router) → `/webhooks/{id}` (OpenAPI). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Inline endpoints that take a payment: credit purchases, and /execute running a paid tool. */
const PAYING_ENDPOINTS = new Set(['credits/buy', 'buy-credits/purchase', 'execute']);

function pathParamDescription(entry: ToolEntry, name: string): { description?: string } {
  const field = ((entry.input.properties ?? {}) as Record<string, JsonSchema>)[name];
  return typeof field?.description === 'string' ? { description: field.description } : {};
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The public input schema: the canonical one plus every alias, described as such; path parameters are in the path. */
function publicInput(entry: ToolEntry): JsonSchema {
  const properties = { ...((entry.input.properties ?? {}) as Record<string, JsonSchema>) };
  const inPath = pathParamsIn(entry);
  for (const name of inPath) delete properties[name];
  for (const [alias, canonical] of Object.entries(entry.aliases ?? {})) {
    const target = properties[canonical];
    if (target) properties[alias] = { ...target, description: `Alias of \`${canonical}\`.` };
  }
  const required = ((entry.input.required ?? []) as string[]).filter((name) => !inPath.includes(name));
  return { ...entry.input, properties, required };
}

/** Who may call: free endpoints declare none, so a reference's examples and "try it" send them no key. */
function security(entry: ToolEntry): Record<string, string[]>[] {
  if (isFreeEndpoint(entry)) return [{}];
  if (entry.execution !== 'inline') {
    const free = entry.freeTier && !entry.premium ? [{}] : [];
    // A tool acting as its payer may also be paid with x402 under a wallet session (from the session's wallet).
    const session = entry.needsIdentity ? [{ walletSession: [], x402V2: [] }] : [];
    return [{ bearerKey: [] }, { apiKeyHeader: [] }, { x402V2: [] }, { x402V1: [] }, ...session, ...free];
  }
  if (entry.access === 'key') return [{ bearerKey: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }];
  if (entry.access === 'identity') return [{ bearerKey: [] }, { apiKeyHeader: [] }, { walletSession: [] }];
  if (entry.access === 'session') return [{ walletSession: [] }];
  if (entry.access === 'admin') return [{ operatorToken: [] }, { x402V2: [] }, { x402V1: [] }];
  return [{}];
}

function operation(entry: ToolEntry) {
  const paid = entry.execution !== 'inline';
  const pathParams = [...entry.path.matchAll(/[:{](\w+)\}?/g)].map((m) => m[1]!);
  const inputProps = (publicInput(entry).properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((publicInput(entry).required ?? []) as string[]);
  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' }, ...pathParamDescription(entry, name) })),
    ...(entry.method === 'GET'
      ? Object.entries(inputProps)
          .filter(([name]) => !pathParams.includes(name))
          .map(([name, schema]) => ({
            name,
            in: 'query',
            required: required.has(name),
            schema,
            ...(schema.description ? { description: schema.description } : {}),
          }))
      : []),
  ];
  const output = paid ? { allOf: [entry.output, { type: 'object', properties: { _meta: { $ref: '#/components/schemas/Meta' } } }] } : entry.output;
  const isText = entry.output.type === 'string';
  return {
    operationId: entry.name.replace(/[^A-Za-z0-9]+/g, '_'),
    summary: entry.summary,
    tags: [entry.category],
    ...(parameters.length ? { parameters } : {}),
    ...(takesBody(entry)
      ? {
          requestBody: {
            required: required.size > 0,
            content: { 'application/json': { schema: publicInput(entry), ...(entry.example ? { example: entry.example } : {}) } },
          },
        }
      : {}),
    security: security(entry),
    responses: {
      200: {
        description: 'Success.',
        headers: COMMON_HEADERS,
        content: isText ? { [mediaTypeOf(entry)]: { schema: output } } : { 'application/json': { schema: output } },
      },
      400: ref('BadRequest'),
      ...(paid || (entry.access !== undefined && entry.access !== 'open') ? { 401: ref('Unauthorized') } : {}),
      ...(paid || entry.access === 'admin' || PAYING_ENDPOINTS.has(entry.name) ? { 402: ref('PaymentRequired') } : {}),
      ...(entry.premium || entry.needsIdentity || entry.name === 'execute' ? { 403: ref('Forbidden') } : {}),
      // The agent network: another owner's agent (or an unknown one) is not found; a task's state may refuse.
      ...(entry.needsIdentity || pathParams.length ? { 404: ref('NotFound') } : {}),
      ...(entry.needsIdentity ? { 409: ref('Conflict') } : {}),
      405: ref('MethodNotAllowed'),
      ...(takesBody(entry) ? { 415: ref('UnsupportedMediaType') } : {}),
      429: ref('TooManyRequests'),
      500: ref('InternalError'),
      503: ref('ServiceUnavailable'),
    },
    'x-price-usd': microsToUsd(entry.price),
    'x-premium': entry.premium,
    'x-free-tier': entry.freeTier,
    'x-model': entry.model,
  };
}

/** What a non-JSON answer is: the entry's own media type (a page, a script, a PNG), else told by the path. */
function mediaTypeOf(entry: ToolEntry): string {
  const declared = entry.contentType ?? entry.output.contentMediaType;
  if (typeof declared === 'string') return declared;
  if (entry.path.endsWith('.txt')) return 'text/plain';
  return entry.path.endsWith('.xml') ? 'application/xml' : 'text/html';
}

/** The OpenAPI 3.1 document, derived whole from the registry. */
export function openApiDocument(config: Config) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of registry) (paths[openApiPath(entry.path)] ??= {})[entry.method.toLowerCase()] = operation(entry);
  return {
    openapi: '3.1.0',
    info: {
      title: 'toolgate: pay-per-call AI tools',
      version: API_VERSION,
      description: [
        'AI tools, data lookups and agent infrastructure behind one HTTP API, paid per call.',
        `Pay with a prepaid key (\`Authorization: Bearer apk_…\`, ${discountNote(config)}; \`X-Pricing: metered\` bills tokens instead),`,
        `with a USDC micropayment per call (x402: a 402 names the price, retry with PAYMENT-SIGNATURE or X-PAYMENT), or within the free tier (${config.freeTierDaily} AI calls a day per IP).`,
        'Every response carries X-API-Version, X-Request-Id and X-RateLimit-* headers; errors are JSON with an `error` field and the helper fields of their status.',
        `The same paid tools are an MCP server at ${config.publicBaseUrl}/mcp (Streamable HTTP, POST only): pay with the key as a bearer token, or spend ${config.mcpFreeDaily} free calls a day per client.`,
      ].join(' '),
    },
    servers: [{ url: config.publicBaseUrl }],
    tags: [...new Set(registry.map((e) => e.category))].map((name) => ({ name })),
    paths,
    components: openApiComponents(config),
  };
}
