import { micros } from '../money';
import { object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';

const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'system', access: 'open' } as const;
const anyObject = { type: 'object' } as const satisfies JsonSchema;

/** One paid resource as the x402 Bazaar lists it (`DiscoveryResource` of @x402/extensions; api/discovery/x402Resources.ts). */
const x402Resource = object(
  {
    resource: { type: 'string', format: 'uri', description: 'The URL paid for: a route, or /mcp for a tool offered over MCP.' },
    type: { enum: ['http', 'mcp'] },
    x402Version: { const: 2 },
    accepts: { type: 'array', items: anyObject, description: "The 402's payment requirements at the list price." },
    lastUpdated: { type: 'string', format: 'date-time' },
    description: { type: 'string' },
    mimeType: { type: 'string' },
    serviceName: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    extensions: { type: 'object', description: 'The Bazaar discovery extension: the input and output schemas.' },
  },
  ['resource', 'type', 'x402Version', 'accepts', 'lastUpdated', 'description', 'mimeType', 'serviceName', 'tags', 'extensions'],
);
const x402Resources = { type: 'array', items: x402Resource } as const satisfies JsonSchema;
const x402Page = object({ limit: { type: 'integer' }, offset: { type: 'integer' }, total: { type: 'integer' } }, ['limit', 'offset', 'total']);

/** Views of the registry itself: the contract, the catalogue, and readable docs. */
export const discoveryTools = [
  {
    ...inline,
    name: 'home',
    title: 'Front door',
    path: '/',
    method: 'GET',
    summary:
      'What the service is and where everything is (reference, dashboard, credits, status, OpenAPI, llms.txt, MCP, A2A): a page for browsers, the same links as JSON for `Accept: application/json`',
    input: object({}),
    output: object(
      {
        service: { type: 'string' },
        description: { type: 'string' },
        version: { type: 'string' },
        links: {
          type: 'object',
          description: 'Where each part is, by name: docs, openapi, llms_txt, catalogue, dashboard, buy_credits, status, mcp, a2a_agent_card.',
          additionalProperties: { type: 'string', format: 'uri' },
        },
        guides: {
          type: 'object',
          description:
            'The guides in the repository beside its README, by audience: callers, agents_and_payments, operating, configuration, contributing (each a path such as docs/callers.md).',
          additionalProperties: { type: 'string' },
        },
      },
      ['service', 'description', 'version', 'links'],
    ),
    contentType: 'text/html',
  },
  {
    ...inline,
    name: 'openapi.json',
    title: 'OpenAPI document',
    path: '/openapi.json',
    method: 'GET',
    summary: 'The OpenAPI 3.1 document of every endpoint',
    input: object({}),
    output: anyObject,
  },
  {
    ...inline,
    name: 'discover',
    title: 'Service catalogue',
    path: '/discover',
    method: 'GET',
    summary: 'The service catalogue as JSON: endpoints by category, prices, ways to pay',
    input: object({}),
    output: anyObject,
  },
  {
    ...inline,
    name: 'discover/endpoints',
    title: 'Endpoints and your allowance',
    path: '/discover/endpoints',
    method: 'GET',
    summary: "Endpoints with their cost and rate limit, plus the caller's free calls and credit",
    input: object({}),
    output: anyObject,
  },
  {
    ...inline,
    name: 'execute',
    title: 'Run a tool by its id',
    path: '/execute/:endpoint_id',
    method: 'POST',
    runsToolNamedBy: 'endpoint_id',
    summary: 'Run any paid tool by its endpoint id (GET /discover/endpoints), paid and checked exactly as its own route',
    input: object(
      {
        endpoint_id: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'The tool, e.g. "sentiment" or "code/run" (also "code_run"); from the path.',
        },
        input: { type: 'object', default: {}, description: "The tool's input, as its own endpoint takes it." },
      },
      ['endpoint_id'],
    ),
    aliases: { params: 'input' },
    output: object(
      {
        endpoint_id: { type: 'string' },
        output: anyObject,
        tokens_used: { type: 'integer' },
        credits_charged: { type: 'number', description: 'A credit is 0.001 USD.' },
        cost_usd: { type: 'number' },
        transaction_id: { type: 'string', description: 'The call id: its workflow is call-<transaction_id>.' },
      },
      ['output', 'tokens_used', 'credits_charged', 'cost_usd', 'transaction_id'],
    ),
    example: { input: { text: 'I love this product' } },
  },
  {
    ...inline,
    name: 'llms.txt',
    title: 'llms.txt',
    path: '/llms.txt',
    method: 'GET',
    summary: 'The service described for language models (llmstxt.org)',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: '.well-known/x402.json',
    title: 'x402 discovery document',
    path: '/.well-known/x402.json',
    method: 'GET',
    summary: 'x402 discovery document: every paid resource with its payment requirements and Bazaar schemas',
    input: object({}),
    output: object(
      {
        x402Version: { const: 2 },
        serviceName: { type: 'string', description: 'The service that offers the resources.' },
        origin: { type: 'string', format: 'uri', description: 'Its public base URL.' },
        discovery: { type: 'string', format: 'uri', description: 'The same list a page at a time (GET /discovery/resources).' },
        items: x402Resources,
        pagination: x402Page,
      },
      ['x402Version', 'serviceName', 'origin', 'discovery', 'items', 'pagination'],
    ),
  },
  {
    ...inline,
    name: 'discovery/resources',
    title: 'Paid resources (x402 Bazaar)',
    path: '/discovery/resources',
    method: 'GET',
    summary: "The facilitator's Bazaar discovery list of the paid resources, a page at a time",
    input: object({
      type: { enum: ['http', 'mcp'], description: 'Only resources of this protocol.' },
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 100, description: 'Items in the page.' },
      offset: { type: 'integer', minimum: 0, default: 0, description: 'Items skipped before the page.' },
    }),
    output: object(
      {
        x402Version: { const: 2 },
        items: x402Resources,
        pagination: x402Page,
      },
      ['x402Version', 'items', 'pagination'],
    ),
  },
  {
    ...inline,
    name: 'sitemap.xml',
    title: 'Sitemap',
    path: '/sitemap.xml',
    method: 'GET',
    summary: 'Sitemap of the readable pages',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: 'sdk/code',
    title: 'Code snippet',
    path: '/sdk/code',
    method: 'GET',
    summary: 'Code to call an endpoint, in Python, JavaScript or cURL',
    input: object({
      endpoint: { type: 'string', default: '/sentiment', description: 'Path, e.g. /sentiment' },
      lang: { enum: ['python', 'javascript', 'curl'], default: 'curl' },
    }),
    aliases: { language: 'lang' },
    output: object({ endpoint: { type: 'string' }, lang: { type: 'string' }, code: { type: 'string' } }, ['endpoint', 'lang', 'code']),
  },
  {
    ...inline,
    name: 'docs',
    title: 'API reference',
    path: '/docs',
    method: 'GET',
    summary: 'Interactive API reference of /openapi.json (Scalar): every endpoint with examples, and "try it" with your key',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: 'assets',
    title: 'Page scripts',
    path: '/assets/:file',
    method: 'GET',
    summary: 'Scripts the /docs and /dashboard pages load, served from this service (no CDN): api-reference.js, chart.js, dashboard.js',
    input: object({}),
    output: { type: 'string' },
    contentType: 'text/javascript',
  },
  {
    ...inline,
    name: 'favicon.ico',
    title: 'Site icon',
    path: '/favicon.ico',
    method: 'GET',
    summary: 'The icon browsers show for the pages (/, /docs, /dashboard, /buy-credits), an SVG',
    input: object({}),
    output: { type: 'string' },
    contentType: 'image/svg+xml',
  },
] as const satisfies readonly ToolDraft[];
