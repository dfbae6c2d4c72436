import { discountNote, listPriceOf } from '../../core/ledger/pricing';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import { MODEL_CHOICES } from '../../schema/models';
import { changesState, registry, takesBody } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';
import { API_VERSION } from '../middleware/versionHeaders';
import { isFreeEndpoint } from './freeEndpoint';
import { COMMON_HEADERS, DEADLINE_PARAMETERS, IDEMPOTENCY_PARAMETERS, openApiComponents, REPLAY_HEADERS } from './openApiComponents';
import { pathParamsIn } from '../middleware/validate';
import { errorResponses, paidOutput, successContent } from './openApiResponses';

/** `/webhooks/:id` (router) → `/webhooks/{id}` (OpenAPI). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * A path parameter as the input declares it (its pattern and lengths: a value outside them is a 400, not a 404), its
 * description beside the schema; a parameter the input does not declare (a webhook's id) is any string.
 */
function pathParamSchema(entry: ToolEntry, name: string): { schema: JsonSchema; description?: string } {
  const field = ((entry.input.properties ?? {}) as Record<string, JsonSchema>)[name];
  if (!field) return { schema: { type: 'string' } };
  const { description, ...schema } = field;
  return { schema, ...(typeof description === 'string' ? { description } : {}) };
}

/** The name of a GET's query as one object parameter; it never travels (form style, exploded), only its fields do. */
const QUERY_OBJECT = 'query_string';

/**
 * A GET's query parameters: one per field (aliases too), required as the input says; or, when the input has rules a
 * list of parameters cannot say (a required field that may come under an alias, "`city`, or `latitude` with
 * `longitude`"), one object parameter that is the whole query string (form style, exploded: each field is a parameter
 * of its own on the wire, `?country=FR`) whose schema is the public input, rules and all, as a request body's is.
 */
function queryParameters(entry: ToolEntry, config: Config): Record<string, unknown>[] {
  const input = publicInput(entry, config);
  if (Array.isArray(input.allOf)) {
    const inPath = pathParamsIn(entry);
    const example = entry.example ? Object.fromEntries(Object.entries(entry.example).filter(([name]) => !inPath.includes(name))) : null;
    const sample = example ? `\`?${new URLSearchParams(example as Record<string, string>).toString()}\`` : 'as `?field=value`';
    const description = [`The query string: each field is a parameter of its own (${sample}).`, alternativesNote(entry).description, aliasNote(entry)];
    return [
      {
        name: QUERY_OBJECT,
        in: 'query',
        required: requiresSomething(input),
        style: 'form',
        explode: true,
        schema: { type: 'object', ...input },
        description: description.filter(Boolean).join(' '),
        ...(example ? { example } : {}),
      },
    ];
  }
  const required = new Set((input.required ?? []) as string[]);
  return Object.entries((input.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

/** "Give `country` under this name or as `name`, `code` or `q`." for each required field with aliases. */
function aliasNote(entry: ToolEntry): string | undefined {
  const required = (entry.input.required ?? []) as string[];
  const notes = [...aliasesByField(entry)]
    .filter(([canonical]) => required.includes(canonical))
    .map(([canonical, aliases]) => `Give \`${canonical}\` under this name or as ${aliases.map((alias) => `\`${alias}\``).join(', ')}.`);
  return notes.length ? notes.join(' ') : undefined;
}

/**
 * Whether a schema requires some field: an empty object fails it (a field it requires, a rule each branch of which
 * requires one). A body whose schema does is a required body: sent without one, the endpoint answers 400.
 */
function requiresSomething(schema: JsonSchema): boolean {
  const branches = (keyword: string) => (Array.isArray(schema[keyword]) ? (schema[keyword] as JsonSchema[]) : null);
  if (((schema.required ?? []) as unknown[]).length > 0) return true;
  if (branches('allOf')?.some(requiresSomething)) return true;
  return Boolean(branches('anyOf')?.every(requiresSomething) || branches('oneOf')?.every(requiresSomething));
}

/**
 * The public input's fields: the canonical ones and every alias, described as such (each canonical field names its
 * aliases, a required one says it may come under any of them); `model` lists what it accepts; path parameters are in
 * the path.
 */
function publicProperties(entry: ToolEntry, config: Config): Record<string, JsonSchema> {
  const properties = { ...((entry.input.properties ?? {}) as Record<string, JsonSchema>) };
  for (const name of pathParamsIn(entry)) delete properties[name];
  const model = properties.model;
  if (model && model.type === 'string' && !model.enum) properties.model = modelChoices(model, config);
  const required = new Set((entry.input.required ?? []) as string[]);
  for (const [canonical, aliases] of aliasesByField(entry)) {
    const target = properties[canonical];
    if (!target) continue;
    const names = aliases.map((alias) => `\`${alias}\``).join(', ');
    const note = required.has(canonical) ? `Required, under this name or as ${names}.` : `Also accepted as ${names}.`;
    properties[canonical] = { ...target, description: [target.description, note].filter(Boolean).join(' ') };
    for (const alias of aliases) properties[alias] = { ...target, description: `Alias of \`${canonical}\`.` };
  }
  return properties;
}

/** `text` → [`content`, `document`]: each canonical field's aliases, in the entry's order. */
function aliasesByField(entry: ToolEntry): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const [alias, canonical] of Object.entries(entry.aliases ?? {})) byField.set(canonical, [...(byField.get(canonical) ?? []), alias]);
  return byField;
}

/**
 * The public input schema: one object of every field, and beside it (`allOf`) the rules a field list cannot say: a
 * required field with aliases is required under any of its names, and the input's own alternatives ("text or
 * documents"). Reference renderers (Scalar) merge an `allOf` into one list of fields, where a top-level `anyOf` of
 * `required` sets showed a choice of empty objects; validators and fuzzers read the same rules as before.
 */
export function publicInput(entry: ToolEntry, config: Config): JsonSchema {
  const inPath = pathParamsIn(entry);
  const { properties: _fields, required: declared = [], anyOf, oneOf, allOf, ...rest } = entry.input;
  const namesOf = new Map([...aliasesByField(entry)].map(([canonical, aliases]) => [canonical, [canonical, ...aliases]]));
  const required = (declared as string[]).filter((name) => !inPath.includes(name));
  const plain = required.filter((name) => !namesOf.has(name));
  const fields: JsonSchema = { ...rest, properties: publicProperties(entry, config), ...(plain.length ? { required: plain } : {}) };
  const underAnyName = required.filter((name) => namesOf.has(name)).map((name) => ({ anyOf: namesOf.get(name)!.map((n) => ({ required: [n] })) }));
  const own = [
    ...(Array.isArray(anyOf) ? [{ anyOf: anyOf.map((branch: JsonSchema) => requiredUnderAnyName(branch, namesOf)) }] : []),
    ...(Array.isArray(oneOf) ? [{ oneOf: oneOf.map((branch: JsonSchema) => requiredUnderAnyName(branch, namesOf)) }] : []),
    ...(Array.isArray(allOf) ? allOf.map((branch: JsonSchema) => requiredUnderAnyName(branch, namesOf)) : []),
  ];
  const rules = [...underAnyName, ...own];
  return rules.length ? { allOf: [fields, ...rules] } : fields;
}

/** The input's own alternatives in words ("Give at least one of `text` or `documents`."), for the request body. */
function alternativesNote(entry: ToolEntry): { description?: string } {
  const { anyOf, oneOf } = entry.input;
  const choices = [...(Array.isArray(anyOf) ? [['at least one of', anyOf]] : []), ...(Array.isArray(oneOf) ? [['exactly one of', oneOf]] : [])] as [
    string,
    JsonSchema[],
  ][];
  if (choices.length === 0) return {};
  return { description: choices.map(([how, branches]) => `Give ${how} ${branches.map(describeRequired).join(' or ')}.`).join(' ') };
}

/** `{required: [latitude, longitude]}` → "`latitude` with `longitude`" (a branch of the input's own alternatives). */
function describeRequired(branch: JsonSchema): string {
  return ((branch.required ?? []) as string[]).map((name) => `\`${name}\``).join(' with ');
}

/**
 * What `model` accepts: the catalogue's choices; with the local server probe on, also the ids of the models local
 * servers serve, which only GET /models knows (they come and go while this document stays the same).
 */
function modelChoices(model: JsonSchema, config: Config): JsonSchema {
  if (!config.localModelProbe) return { ...model, enum: [...MODEL_CHOICES] };
  const { type: _string, ...rest } = model;
  const served = { type: 'string', description: 'The id of a model a local server serves here: GET /models lists them (provider `local-server`).' };
  return { ...rest, anyOf: [{ type: 'string', enum: [...MODEL_CHOICES] }, served] };
}

/** `required: [text]` becomes "text or one of its aliases", here and in the schema's anyOf/oneOf/allOf branches. */
function requiredUnderAnyName(schema: JsonSchema, namesOf: ReadonlyMap<string, readonly string[]>): JsonSchema {
  if (namesOf.size === 0) return schema;
  const out: Record<string, unknown> = { ...schema };
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) out[keyword] = branches.map((branch: JsonSchema) => requiredUnderAnyName(branch, namesOf));
  }
  const required = (schema.required ?? []) as string[];
  const aliased = required.filter((name) => namesOf.has(name));
  if (aliased.length === 0) return out;
  const plain = required.filter((name) => !namesOf.has(name));
  if (plain.length) out.required = plain;
  else delete out.required;
  const either = aliased.map((name) => ({ anyOf: namesOf.get(name)!.map((n) => ({ required: [n] })) }));
  out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), ...either];
  return out;
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
  const byQuery = entry.keyInQuery ? [{ apiKeyQuery: [] }] : [];
  if (entry.access === 'key') return [{ bearerKey: [] }, { apiKeyHeader: [] }, ...byQuery];
  if (entry.access === 'identity') return [{ bearerKey: [] }, { apiKeyHeader: [] }, { walletSession: [] }, ...byQuery];
  if (entry.access === 'session') return [{ walletSession: [] }];
  if (entry.keyInQuery) return [{ bearerKey: [] }, { apiKeyHeader: [] }, ...byQuery, {}];
  if (entry.access === 'admin') return [{ operatorToken: [] }];
  // A key holder's own top-up: the key says whose, the x402 payment pays (the key alone gets the 402 for the amount).
  if (entry.access === 'key-or-operator') {
    const keys = ['bearerKey', 'apiKeyHeader'].flatMap((key) => ['x402V2', 'x402V1'].map((payment) => ({ [key]: [], [payment]: [] })));
    return [...keys, { operatorToken: [] }];
  }
  return [{}];
}

function operation(entry: ToolEntry, config: Config) {
  const paid = entry.execution !== 'inline';
  const pathParams = [...entry.path.matchAll(/[:{](\w+)\}?/g)].map((m) => m[1]!);
  const parameters = [
    ...(changesState(entry) ? IDEMPOTENCY_PARAMETERS : []),
    // A call the workflow runs for the caller waiting on it (a tool's route, or /execute naming one) may say how long it waits.
    ...(paid || entry.runsToolNamedBy === 'endpoint_id' ? DEADLINE_PARAMETERS : []),
    ...pathParams.map((name) => ({ name, in: 'path', required: true, ...pathParamSchema(entry, name) })),
    ...(entry.method === 'GET' ? queryParameters(entry, config) : []),
  ];
  const output = paid ? paidOutput(entry.output) : entry.output;
  return {
    operationId: entry.name.replace(/[^A-Za-z0-9]+/g, '_'),
    // The short name is what a reader scans for in a reference's sidebar; the sentence says what the operation does.
    summary: entry.title,
    description: entry.summary,
    tags: [entry.category],
    ...(parameters.length ? { parameters } : {}),
    ...(takesBody(entry)
      ? {
          requestBody: {
            ...alternativesNote(entry),
            required: requiresSomething(publicInput(entry, config)),
            content: { 'application/json': { schema: publicInput(entry, config), ...(entry.example ? { example: entry.example } : {}) } },
          },
        }
      : {}),
    security: security(entry),
    responses: {
      200: {
        description: 'Success.',
        headers: changesState(entry) ? { ...COMMON_HEADERS, ...REPLAY_HEADERS } : COMMON_HEADERS,
        content: successContent(entry, output, config),
      },
      ...errorResponses(entry),
    },
    'x-price-usd': microsToUsd(listPriceOf(entry, config)),
    'x-premium': entry.premium,
    'x-free-tier': entry.freeTier,
    'x-model': entry.model,
  };
}

/** The OpenAPI 3.1 document, derived whole from the registry. */
export function openApiDocument(config: Config) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of registry) (paths[openApiPath(entry.path)] ??= {})[entry.method.toLowerCase()] = withUploadForm(entry, operation(entry, config));
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
        'Each operation says whether this deployment can serve it now (`x-available`); one it cannot has `x-unavailable`: the reason (`not_configured`: the `settings` to set; `provider_failing`: the failing `providers`) and a message.',
        `The same paid tools are an MCP server at ${config.publicBaseUrl}/mcp (Streamable HTTP, POST only): pay with the key as a bearer token, or spend ${config.mcpFreeDaily} free calls a day per client.`,
        `They are also A2A 1.0 skills (${config.publicBaseUrl}/.well-known/agent-card.json), run as tasks by the JSON-RPC endpoint POST ${config.publicBaseUrl}/a2a (SendMessage, SendStreamingMessage, GetTask, CancelTask, SubscribeToTask; header A2A-Version: 1.0), paid like their routes (a key, the free tier, or x402 through the A2A x402 extension); a custom agent has its own card and endpoint at ${config.publicBaseUrl}/a2a/agents/{agent_id}.`,
      ].join(' '),
    },
    servers: [{ url: config.publicBaseUrl }],
    tags: [...new Set(registry.map((e) => e.category))].map((name) => ({ name })),
    paths,
    components: openApiComponents(config),
  };
}

/**
 * An upload (`body: 'file'`) also takes a multipart form: the file as a binary part, the other fields as text parts.
 * Its body is required whatever its fields say: without one there is nothing to store (the API answers 415). A JSON
 * body carries the bytes in `content_base64` (or one of its aliases): without them it is refused too (400).
 */
function withUploadForm<Operation extends { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>(entry: ToolEntry, op: Operation): Operation {
  if (entry.body !== 'file' || !op.requestBody) return op;
  const { content_base64: _bytes, ...fields } = (entry.input.properties ?? {}) as Record<string, unknown>;
  const form = { type: 'object', properties: { file: { type: 'string', format: 'binary' }, ...fields }, required: ['file'] };
  const json = op.requestBody.content['application/json']!;
  const bytes = ['content_base64', ...(aliasesByField(entry).get('content_base64') ?? [])].map((name) => ({ required: [name] }));
  const rules = Array.isArray(json.schema.allOf) ? (json.schema.allOf as JsonSchema[]) : [];
  const withBytes = { ...json, schema: { ...json.schema, allOf: [...rules, { anyOf: bytes }] } };
  return {
    ...op,
    requestBody: {
      ...op.requestBody,
      required: true,
      content: { ...op.requestBody.content, 'application/json': withBytes, 'multipart/form-data': { schema: form } },
    },
  };
}
