import type { Config } from '../../schema/config';
import { changesState, takesBody } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';
import { answerExample } from './answerExamples';
import { COMMON_HEADERS } from './openApiComponents';

// An operation's answers in the OpenAPI document (openApiDocument.ts): its 200 (a paid tool's output with `_meta`, a
// stream's events, the media types of a non-JSON answer) and the error statuses it can answer, in its wire's shape.

/** Inline endpoints that take a payment: credit purchases, and /execute running a paid tool. */
const PAYING_ENDPOINTS = new Set(['credits/buy', 'buy-credits', 'buy-credits/purchase', 'execute']);

/** A shared response of the document's components, by name. */
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** A paid tool's 200: its output with `_meta` beside the fields (each closed object schema gets it as a property). */
export function paidOutput(output: JsonSchema): JsonSchema {
  const meta = { $ref: '#/components/schemas/Meta' };
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const choices = output[keyword];
    if (Array.isArray(choices)) return { ...output, [keyword]: choices.map((choice: JsonSchema) => paidOutput(choice)) };
  }
  if (output.type !== 'object') return { allOf: [output, { type: 'object', properties: { _meta: meta }, required: ['_meta'] }] };
  return {
    ...output,
    properties: { ...((output.properties ?? {}) as Record<string, JsonSchema>), _meta: meta },
    required: [...((output.required ?? []) as string[]), '_meta'],
  };
}

/**
 * The error statuses an operation can answer, from its entry: what every route can (a malformed request or request
 * id, a presented credential that is not valid, the method, the rate limit, headers over Node's limit, internal and
 * unavailable), what a body adds (413, 415), a change of state (409 for a reused idempotency key), path parameters (404),
 * payment (402) and premium (403), work that reaches other servers (502, 504), and what the entry declares beyond that
 * (`errorStatuses`).
 */
export function errorResponses(entry: ToolEntry): Record<string, unknown> {
  const paid = entry.execution !== 'inline';
  const statuses = new Set<number>([400, 401, 405, 429, 431, 500, 503, ...(entry.errorStatuses ?? [])]);
  if (takesBody(entry)) for (const status of [413, 415]) statuses.add(status);
  if (changesState(entry)) statuses.add(409);
  if (/:\w+/.test(entry.path)) statuses.add(404);
  if (paid || entry.access === 'key-or-operator' || PAYING_ENDPOINTS.has(entry.name)) statuses.add(402);
  // A GET of what an identity owns, sent without credentials where x402 is taken, offers sign-in-with-x in a 402.
  if (entry.method === 'GET' && (entry.access === 'identity' || entry.access === 'session')) statuses.add(402);
  // A tool run by name may be premium, or not among a limited key's allowed_tools.
  if (entry.premium || entry.needsIdentity || entry.runsToolNamedBy !== undefined) statuses.add(403);
  // The agent network: another owner's agent (or an unknown one) is not found; a task's state may refuse.
  if (entry.needsIdentity) for (const status of [404, 409]) statuses.add(status);
  // Network and model work reaches other servers: one that cannot be reached is a 502, one too slow a 504.
  if (entry.execution === 'activity' || entry.readsUrl) for (const status of [502, 504]) statuses.add(status);
  const sorted = [...statuses].sort((a, b) => a - b);
  const wire = entry.wire ?? 'native';
  if (wire === 'native') return Object.fromEntries(sorted.map((status) => [status, ref(ERROR_RESPONSES[status]!)]));
  // A route that speaks a vendor's format answers its errors in that vendor's shape (api/wire/), whatever the status.
  const [schema, shape] = VENDOR_ERRORS[wire];
  return Object.fromEntries(
    sorted.map((status) => [
      status,
      {
        description: `${ERROR_RESPONSES[status]} (in ${shape}).`,
        headers: COMMON_HEADERS,
        content: { 'application/json': { schema } },
      },
    ]),
  );
}

/**
 * The 200's media types: JSON, a streamed answer as server-sent events (always, or when the input asks), or the entry's
 * own. The JSON carries an example where the tool's answer to its input example is known (answerExamples.ts); where it
 * is not, a reference makes one up from the schema.
 */
export function successContent(entry: ToolEntry, output: JsonSchema, config: Config): Record<string, { schema: JsonSchema; example?: unknown }> {
  // One event of the stream (its named type and its JSON data), as SSE-aware readers of the document check each event.
  const event = {
    type: 'object',
    description: 'Server-sent events: the answer as it is written (deltas), then its end with `_meta`, or an `error` event.',
    properties: { event: { type: 'string' }, data: { type: 'string' }, id: { type: 'string' }, retry: { type: 'integer' } },
  };
  const events = { 'text/event-stream': { schema: event } };
  if (entry.streaming === 'always') return events;
  const example = answerExample(entry, config);
  const body: Record<string, { schema: JsonSchema; example?: unknown }> =
    entry.output.type === 'string'
      ? Object.fromEntries((entry.contentTypes ?? [mediaTypeOf(entry)]).map((type) => [type, { schema: servedAs(output, type) }]))
      : {
          'application/json': { schema: output, ...(example ? { example } : {}) },
          ...(entry.contentType ? { [entry.contentType]: { schema: { type: 'string' } } } : {}),
        };
  return entry.streaming === 'on-request' ? { ...body, ...events } : body;
}

/** A non-JSON answer's schema for one of its media types; served as JSON (a stored JSON file), it is that JSON, whatever it holds. */
function servedAs(output: JsonSchema, type: string): JsonSchema {
  if (/^application\/(.+\+)?json$/.test(type)) return { description: 'The JSON served, as it was stored.' };
  return { ...output, ...(typeof output.contentMediaType === 'string' ? { contentMediaType: type } : {}) };
}

const errorSchema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const VENDOR_ERRORS: Readonly<Record<'openai' | 'anthropic' | 'vendor', readonly [JsonSchema, string]>> = {
  openai: [errorSchema('OpenAIError'), "OpenAI's error shape"],
  anthropic: [errorSchema('AnthropicError'), "Anthropic's error shape"],
  vendor: [
    { anyOf: [errorSchema('AnthropicError'), errorSchema('OpenAIError')] },
    "Anthropic's error shape when the request carries an anthropic-version header, else OpenAI's",
  ],
};

// Every error status an operation may declare, and the shared response that describes it.
const ERROR_RESPONSES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  431: 'HeadersTooLarge',
  500: 'InternalError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

/** What a non-JSON answer is: the entry's own media type (a page, a script, a PNG), else told by the path. */
function mediaTypeOf(entry: ToolEntry): string {
  const declared = entry.contentType ?? entry.output.contentMediaType;
  if (typeof declared === 'string') return declared;
  if (entry.path.endsWith('.txt')) return 'text/plain';
  return entry.path.endsWith('.xml') ? 'application/xml' : 'text/html';
}
