import type { Setting } from '../settings/setting';

/** Settings of search and research (schema/config.ts gathers the groups). */
export const searchSettings = {
  searchProvider: {
    env: 'SEARCH_PROVIDER',
    kind: 'string',
    default: 'brave',
    doc: 'Web search behind /search, /web/search and /research: `brave`, `tavily`, `exa` or `serpapi`.',
  },
  searchApiKey: {
    env: 'SEARCH_API_KEY',
    kind: 'string',
    default: '',
    doc: "Key of the search provider; /search answers 503 naming this variable without one, and /research then writes from the model's knowledge.",
  },
  searchBaseUrl: { env: 'SEARCH_BASE_URL', kind: 'string', default: '', doc: "Address of the search provider's API. Empty: the provider's own." },
  searchCacheSeconds: { env: 'SEARCH_CACHE_SECONDS', kind: 'int', default: '600', doc: 'How long a search result is served from cache.' },
  researchPages: {
    env: 'RESEARCH_PAGES',
    kind: 'int',
    default: '3',
    doc: '/research with a search provider: how many of the top results it reads (through the outgoing-URL guard) before it writes.',
  },
} as const satisfies Record<string, Setting>;
