import { usdToMicros } from '../money';
import { object } from '../registry/fields';
import { str } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/**
 * Web search through the configured provider (SEARCH_PROVIDER: Brave by default, Tavily, Exa or SerpAPI). Outside the
 * free tier: every call spends the provider's paid quota. /research reads the top results when a provider is set.
 */
const searchInput = object(
  {
    query: { type: 'string', minLength: 1, maxLength: 400, description: 'What to search the web for.' },
    n: { type: 'integer', minimum: 1, maximum: 20, default: 10, description: 'How many results.' },
  },
  ['query'],
);

const searchOutput: JsonSchema = object(
  {
    query: str,
    provider: str,
    results: {
      type: 'array',
      items: object({ title: str, url: str, snippet: str, published_at: str }, ['title', 'url', 'snippet']),
    },
  },
  ['query', 'provider', 'results'],
);

const search = {
  method: 'POST',
  category: 'data',
  price: usdToMicros('0.005'),
  premium: false,
  freeTier: false,
  execution: 'activity',
  model: 'none',
  online: true,
  // The provider's key: without it the route answers 503 not_configured before anything is held, and every list of
  // what this deployment serves (status, discover, OpenAPI, MCP, A2A, x402 discovery) says so.
  requires: ['searchApiKey'],
  input: searchInput,
  output: searchOutput,
  aliases: { q: 'query', topic: 'query', count: 'n', num: 'n', limit: 'n' },
  example: { query: 'event sourcing postgres', n: 5 },
} as const;

export const searchTools = [
  {
    ...search,
    name: 'search',
    title: 'Web search',
    path: '/search',
    summary: 'Search the web: title, URL, snippet and date of the top results (needs SEARCH_API_KEY)',
  },
  {
    ...search,
    name: 'web/search',
    title: 'Web search (/web/search)',
    path: '/web/search',
    summary: 'Search the web (the same as /search, at the path some clients use)',
  },
] as const satisfies readonly ToolDraft[];
