import { micros } from '../../money';
import { object } from '../fields';
import type { JsonSchema, ToolDraft } from '../types';

const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'system', access: 'open' } as const;
const anyObject = { type: 'object' } as const satisfies JsonSchema;

/** Views of the registry itself: the contract, the catalogue, and readable docs. */
export const discoveryTools = [
  {
    ...inline,
    name: 'openapi.json',
    path: '/openapi.json',
    method: 'GET',
    summary: 'The OpenAPI 3.1 document of every endpoint',
    input: object({}),
    output: anyObject,
  },
  {
    ...inline,
    name: 'discover',
    path: '/discover',
    method: 'GET',
    summary: 'The service catalogue as JSON: endpoints by category, prices, ways to pay',
    input: object({}),
    output: anyObject,
  },
  {
    ...inline,
    name: 'discover/endpoints',
    path: '/discover/endpoints',
    method: 'GET',
    summary: "Endpoints with their cost and rate limit, plus the caller's free calls and credit",
    input: object({}),
    output: anyObject,
  },
  {
    ...inline,
    name: 'execute',
    path: '/execute/:endpoint_id',
    method: 'POST',
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
    path: '/llms.txt',
    method: 'GET',
    summary: 'The service described for language models (llmstxt.org)',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: '.well-known/x402.json',
    path: '/.well-known/x402.json',
    method: 'GET',
    summary: 'x402 discovery document: every paid resource with its payment requirements and Bazaar schemas',
    input: object({}),
    output: object({ x402Version: { const: 2 }, items: { type: 'array', items: anyObject }, pagination: anyObject }, ['x402Version', 'items']),
  },
  {
    ...inline,
    name: 'discovery/resources',
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
        items: { type: 'array', items: anyObject },
        pagination: object({ limit: { type: 'integer' }, offset: { type: 'integer' }, total: { type: 'integer' } }, ['limit', 'offset', 'total']),
      },
      ['x402Version', 'items', 'pagination'],
    ),
  },
  {
    ...inline,
    name: 'sitemap.xml',
    path: '/sitemap.xml',
    method: 'GET',
    summary: 'Sitemap of the readable pages',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: 'sdk/code',
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
    path: '/docs',
    method: 'GET',
    summary: 'Interactive API reference of /openapi.json (Scalar): every endpoint with examples, and "try it" with your key',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: 'assets',
    path: '/assets/:file',
    method: 'GET',
    summary: 'Scripts the /docs and /dashboard pages load, served from this service (no CDN): api-reference.js, chart.js, dashboard.js',
    input: object({}),
    output: { type: 'string' },
    contentType: 'text/javascript',
  },
] as const satisfies readonly ToolDraft[];
