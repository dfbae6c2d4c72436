import type { Config } from '../../schema/config';
import { upstreamMalformed, upstreamNotConfigured } from '../data/upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from '../data/upstream/lookupSource';
import { type Upstream, upstreamJson } from '../data/upstream/upstreamRequest';

export interface SearchQuery {
  readonly query: string;
  readonly n: number;
}

export interface SearchHit {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  readonly published_at?: string;
}

export interface SearchResults {
  readonly query: string;
  readonly provider: string;
  readonly results: SearchHit[];
}

/** How one provider is asked and read: its own address, request shape and result fields. */
interface ProviderWire {
  readonly defaultBaseUrl: string;
  search(upstream: Upstream, key: string, query: SearchQuery, signal?: AbortSignal): Promise<SearchHit[]>;
}

export const SEARCH_PROVIDERS = ['brave', 'tavily', 'exa', 'serpapi'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDERS)[number];

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

const WIRES: Readonly<Record<SearchProviderName, ProviderWire>> = {
  // Brave Search API: GET /res/v1/web/search, key in X-Subscription-Token.
  brave: {
    defaultBaseUrl: 'https://api.search.brave.com',
    async search(upstream, key, { query, n }, signal) {
      const body = await upstreamJson(upstream, {
        path: '/res/v1/web/search',
        query: { q: query, count: Math.min(n, 20) },
        headers: { 'x-subscription-token': key },
        ...withSignal(signal),
      });
      const results = (body as { web?: { results?: unknown } } | null)?.web?.results ?? [];
      return hits(upstream, results, (r) => ({ title: r.title, url: r.url, snippet: r.description, published_at: r.page_age ?? r.age }));
    },
  },
  // Tavily: POST /search with a bearer key.
  tavily: {
    defaultBaseUrl: 'https://api.tavily.com',
    async search(upstream, key, { query, n }, signal) {
      const body = await upstreamJson(upstream, {
        path: '/search',
        method: 'POST',
        body: { query, max_results: n, search_depth: 'basic' },
        headers: { authorization: `Bearer ${key}` },
        ...withSignal(signal),
      });
      return hits(upstream, (body as { results?: unknown } | null)?.results, (r) => ({
        title: r.title,
        url: r.url,
        snippet: r.content,
        published_at: r.published_date,
      }));
    },
  },
  // Exa: POST /search, key in x-api-key; highlights stand in for snippets.
  exa: {
    defaultBaseUrl: 'https://api.exa.ai',
    async search(upstream, key, { query, n }, signal) {
      const body = await upstreamJson(upstream, {
        path: '/search',
        method: 'POST',
        body: { query, numResults: n, contents: { highlights: { numSentences: 2 } } },
        headers: { 'x-api-key': key },
        ...withSignal(signal),
      });
      return hits(upstream, (body as { results?: unknown } | null)?.results, (r) => ({
        title: r.title,
        url: r.url,
        snippet: Array.isArray(r.highlights) ? r.highlights.join(' … ') : r.text,
        published_at: r.publishedDate,
      }));
    },
  },
  // SerpAPI (Google engine): GET /search.json, key as api_key.
  serpapi: {
    defaultBaseUrl: 'https://serpapi.com',
    async search(upstream, key, { query, n }, signal) {
      const body = await upstreamJson(upstream, { path: '/search.json', query: { engine: 'google', q: query, num: n, api_key: key }, ...withSignal(signal) });
      return hits(upstream, (body as { organic_results?: unknown } | null)?.organic_results ?? [], (r) => ({
        title: r.title,
        url: r.link,
        snippet: r.snippet,
        published_at: r.date,
      }));
    },
  },
};

/**
 * The configured web search (SEARCH_PROVIDER, SEARCH_API_KEY, SEARCH_BASE_URL): results as {title, url, snippet,
 * published_at?} whichever provider answers. Without a key: 503 naming SEARCH_API_KEY.
 */
export function searchProvider(config: Config): LookupSource<SearchQuery, SearchResults> {
  const name = providerName(config.searchProvider);
  const wire = WIRES[name];
  const upstream = upstreamOf(config, name, config.searchBaseUrl || wire.defaultBaseUrl, 'SEARCH_API_KEY');
  return {
    upstream,
    ttlSeconds: config.searchCacheSeconds,
    cacheKey: (q) => JSON.stringify([q.query.trim().toLowerCase(), q.n]),
    async lookup(q, signal) {
      if (!config.searchApiKey) throw upstreamNotConfigured(name, ['SEARCH_API_KEY']);
      const results = (await wire.search(upstream, config.searchApiKey, q, signal)).slice(0, q.n);
      return { query: q.query, provider: name, results };
    },
  };
}

/** Whether /research can search before it writes. */
export function searchConfigured(config: Config): boolean {
  return Boolean(config.searchApiKey);
}

function providerName(value: string): SearchProviderName {
  const name = value.trim().toLowerCase();
  if ((SEARCH_PROVIDERS as readonly string[]).includes(name)) return name as SearchProviderName;
  throw upstreamNotConfigured(value, [`SEARCH_PROVIDER (one of ${SEARCH_PROVIDERS.join(', ')})`]);
}

/** A provider's result list read into hits; entries without a title or URL are dropped, a list that is not one is malformed. */
function hits(upstream: Upstream, list: unknown, read: (r: Record<string, unknown>) => Record<string, unknown>): SearchHit[] {
  if (!Array.isArray(list)) throw upstreamMalformed(upstream.name, 'results are not a list');
  return list.flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const fields = read(raw as Record<string, unknown>);
    if (typeof fields.title !== 'string' || typeof fields.url !== 'string') return [];
    return [
      {
        title: fields.title,
        url: fields.url,
        snippet: typeof fields.snippet === 'string' ? fields.snippet : '',
        ...(typeof fields.published_at === 'string' && fields.published_at ? { published_at: fields.published_at } : {}),
      },
    ];
  });
}
