import { discountNote } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';
import { API_VERSION } from '../middleware/versionHeaders';
import { COMMON_HEADERS, openApiComponents } from './openApiComponents';

/** `/webhooks/:id` (router) → `/webhooks/{id}` (OpenAPI). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The public input schema: the canonical one plus every alias, described as such. */
function publicInput(entry: ToolEntry): JsonSchema {
  const properties = { ...((entry.input.properties ?? {}) as Record<string, JsonSchema>) };
  for (const [alias, canonical] of Object.entries(entry.aliases ?? {})) {
    const target = properties[canonical];
    if (target) properties[alias] = { ...target, description: `Alias of \`${canonical}\`.` };
  }
  return { ...entry.input, properties };
}

function security(entry: ToolEntry): Record<string, string[]>[] {
  if (entry.execution !== 'inline') {
    const free = entry.freeTier && !entry.premium ? [{}] : [];
    return [{ bearerKey: [] }, { apiKeyHeader: [] }, { x402V2: [] }, { x402V1: [] }, ...free];
  }
  const byQuery = entry.keyInQuery ? [{ apiKeyQuery: [] }] : [];
  if (entry.access === 'key') return [{ bearerKey: [] }, { apiKeyHeader: [] }, ...byQuery];
  if (entry.keyInQuery) return [{ bearerKey: [] }, { apiKeyHeader: [] }, ...byQuery, {}];
  if (entry.access === 'admin') return [{ operatorToken: [] }, { x402V2: [] }, { x402V1: [] }];
  return [{}];
}

function operation(entry: ToolEntry) {
  const paid = entry.execution !== 'inline';
  const pathParams = [...entry.path.matchAll(/[:{](\w+)\}?/g)].map((m) => m[1]!);
  const inputProps = (publicInput(entry).properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((entry.input.required ?? []) as string[]);
  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
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
    ...(entry.method === 'POST'
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
        content: isText
          ? { [entry.path.endsWith('.txt') ? 'text/plain' : entry.path.endsWith('.xml') ? 'application/xml' : 'text/html']: { schema: output } }
          : { 'application/json': { schema: output } },
      },
      400: ref('BadRequest'),
      ...(paid || entry.access === 'key' || entry.access === 'admin' ? { 401: ref('Unauthorized') } : {}),
      ...(paid || entry.access === 'admin' || entry.name === 'credits/buy' ? { 402: ref('PaymentRequired') } : {}),
      ...(entry.premium ? { 403: ref('Forbidden') } : {}),
      405: ref('MethodNotAllowed'),
      ...(entry.method === 'POST' ? { 415: ref('UnsupportedMediaType') } : {}),
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
