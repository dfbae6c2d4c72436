import { CATALOG_AUTH_KINDS } from './catalogListing';
import { micros, usdToMicros } from '../money';
import { object } from '../registry/fields';
import { bool, int, str, strings } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

const browse = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'catalog' } as const;

const catalogEntry: JsonSchema = object(
  {
    id: { type: 'string', description: 'The directory id, e.g. "adafruit.com" or "googleapis.com:drive".' },
    title: str,
    description: str,
    categories: strings,
    base_url: { type: ['string', 'null'] },
    auth: { enum: [...CATALOG_AUTH_KINDS] },
    docs_url: { type: ['string', 'null'] },
    spec_url: { type: ['string', 'null'] },
    licence: { type: ['string', 'null'], description: "The API definition's licence, as the directory gives it." },
    https: bool,
    quality_score: { type: 'integer', minimum: 0, maximum: 100, description: 'Documentation 30, HTTPS 25, auth 10–25, health 0–20 (GET /catalog explains).' },
    health: { enum: ['up', 'down', 'unknown'] },
    source: str,
    updated_at: str,
    similarity: { type: ['number', 'null'], description: 'With q: cosine similarity of meaning to the query (null: not embedded yet, or words only).' },
  },
  ['id', 'title', 'categories', 'base_url', 'auth', 'quality_score', 'health', 'source'],
);

const upstreamAnswer = {
  url: str,
  method: str,
  status: { type: 'integer', description: "The upstream's HTTP status, passed on as it came." },
  ok: bool,
  content_type: str,
  data: { description: 'The answer parsed as JSON (when it is JSON).' },
  text: { type: 'string', description: 'The answer as text (when it is not JSON).' },
  bytes: int,
} as const satisfies Record<string, JsonSchema>;

const apiPath = { type: 'string', maxLength: 2000, pattern: '^(/.*)?$', default: '', description: 'Path below the base URL, e.g. "/v1/items".' } as const;
const httpMethod = { enum: ['GET', 'POST'], default: 'GET' } as const;
const queryParams = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
  maxProperties: 50,
  description: 'Query string parameters.',
} as const satisfies JsonSchema;
const forwardedHeaders = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 4000 },
  maxProperties: 20,
  description: 'Headers for the upstream (its API key, Accept …); Host, Cookie and hop-by-hop headers are dropped.',
} as const satisfies JsonSchema;

/** The API catalogue (spec §4.9): entries are events and a read model; invoking one is a paid call through the URL guard. */
export const catalogTools = [
  {
    ...browse,
    name: 'catalog',
    title: 'Browse the API catalogue',
    path: '/catalog',
    method: 'GET',
    access: 'open',
    summary: 'Browse the catalogue of public APIs: filter by category, quality score, auth; with q, by meaning and words, best first; paginated',
    input: object({
      category: { type: 'string', minLength: 1, maxLength: 100 },
      min_score: { type: 'integer', minimum: 0, maximum: 100, description: 'Least quality score.' },
      auth: { enum: [...CATALOG_AUTH_KINDS], description: 'Only APIs with this kind of authentication ("none": open APIs).' },
      q: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'Words to find in the title, description or id, or what the API should do: found by meaning too (hybrid), best first.',
      },
      page: { type: 'integer', minimum: 1, maximum: 10_000, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    }),
    aliases: { query: 'q', search: 'q', quality: 'min_score', limit: 'per_page' },
    output: object(
      {
        entries: { type: 'array', items: catalogEntry },
        total: int,
        page: int,
        per_page: int,
        pages: int,
        categories: { type: 'array', items: object({ category: str, count: int }) },
        scoring: str,
        by_meaning: { type: 'boolean', description: 'With q: whether meaning was searched (false: words only, no worker could embed the query in time).' },
      },
      ['entries', 'total', 'page', 'per_page', 'pages'],
    ),
  },
  {
    ...browse,
    name: 'catalog/entry',
    title: 'Catalogued API',
    path: '/catalog/:id',
    method: 'GET',
    access: 'open',
    summary: 'One API of the catalogue: base URL, auth, docs, licence, score and health',
    input: object({ id: { type: 'string', minLength: 1, maxLength: 200 } }, ['id']),
    output: catalogEntry,
  },
  {
    name: 'catalog/invoke',
    title: 'Call a catalogued API',
    changes: 'anything',
    online: true,
    path: '/catalog/:id/invoke',
    method: 'POST',
    category: 'catalog',
    catalogEntryField: 'id',
    summary: "Call a catalogued API: GET or POST below its base URL, through the outgoing-URL guard; the upstream's status and answer passed on",
    price: usdToMicros('0.01'),
    premium: false,
    freeTier: false,
    execution: 'activity',
    model: 'none',
    input: object(
      {
        id: { type: 'string', minLength: 1, maxLength: 200, description: 'The catalogue id (from the path).' },
        path: apiPath,
        method: httpMethod,
        query: queryParams,
        body: { description: 'JSON body of a POST.' },
        headers: forwardedHeaders,
      },
      ['id'],
    ),
    output: object({ api_id: str, ...upstreamAnswer }, ['api_id', 'url', 'status', 'ok', 'bytes']),
    aliases: { params: 'query' },
    example: { id: 'adafruit.com', path: '/time/seconds' },
  },
  {
    ...browse,
    name: 'run-discovery',
    title: 'Import the catalogue',
    path: '/run-discovery',
    method: 'POST',
    access: 'admin',
    summary: 'Operator: import or refresh the catalogue from a directory (APIs.guru list.json) as a workflow, scoring every entry',
    input: object({
      source_url: { type: 'string', format: 'uri', maxLength: 2048, description: 'The directory to read; CATALOG_DIRECTORY_URL when not given.' },
      limit: { type: 'integer', minimum: 1, maximum: 100_000, description: 'Most directory entries to import.' },
      probe: { type: 'boolean', default: true, description: "Probe each API's base URL for the health part of its score." },
    }),
    output: object({ discovery_id: str, workflow_id: str, status: str, source_url: str, status_url: str }, ['discovery_id', 'status']),
  },
  {
    ...browse,
    name: 'run-discovery/status',
    title: 'Catalogue import status',
    path: '/run-discovery/:id',
    method: 'GET',
    access: 'admin',
    summary: 'Operator: progress of a discovery run (also a query on its workflow in the Temporal UI)',
    input: object({ id: { type: 'string', minLength: 1, maxLength: 200 } }, ['id']),
    output: object(
      {
        discovery_id: str,
        status: { enum: ['running', 'completed', 'failed'] },
        phase: str,
        total: int,
        processed: int,
        added: int,
        updated: int,
        unchanged: int,
        failed: int,
        error: str,
      },
      ['discovery_id', 'status'],
    ),
  },
  {
    name: 'api-call',
    title: 'API call proxy',
    changes: 'anything',
    online: true,
    path: '/api-call',
    method: 'POST',
    category: 'catalog',
    summary: 'Proxy call to a catalogued API (or any public https API) with optional AI enrichment of its answer by a tool',
    price: usdToMicros('0.05'),
    premium: false,
    freeTier: false,
    execution: 'activity',
    model: 'none',
    orchestration: 'api-call',
    catalogEntryField: 'api_id',
    // An api_id that is not in the catalogue, as GET /catalog/{id} answers it.
    errorStatuses: [404],
    mcp: true,
    input: object(
      {
        api_id: { type: 'string', minLength: 1, maxLength: 200, description: 'A catalogue id (GET /catalog).' },
        url: { type: 'string', format: 'uri', maxLength: 2048, description: 'A public https API base address, instead of api_id.' },
        path: apiPath,
        method: httpMethod,
        params: queryParams,
        body: { description: 'JSON body of a POST.' },
        headers: forwardedHeaders,
        enrich: {
          anyOf: [{ type: 'boolean' }, { type: 'string', minLength: 1, maxLength: 100 }],
          default: false,
          description: 'true: summarize the answer; or the name of a tool that takes `text` (e.g. "keywords", "sentiment").',
        },
        model: { type: 'string', minLength: 1, maxLength: 100, description: 'Model of the enrichment (see GET /models).' },
      },
      [],
      { anyOf: [{ required: ['api_id'] }, { required: ['url'] }] },
    ),
    output: object(
      {
        api_id: { type: ['string', 'null'] },
        ...upstreamAnswer,
        enrichment: object({ tool: str, result: { type: 'object' }, model: str }, ['tool', 'result']),
      },
      ['url', 'status', 'ok'],
    ),
    aliases: { id: 'api_id', query: 'params' },
    example: { api_id: 'adafruit.com', path: '/time/seconds' },
  },
] as const satisfies readonly ToolDraft[];
