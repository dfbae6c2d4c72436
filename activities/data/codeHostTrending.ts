import type { Config } from '../../schema/config';
import type { Clock } from '../../core/clock/clock';
import { upstreamMalformed } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

interface TrendingQuery {
  readonly since: 'daily' | 'weekly' | 'monthly';
  readonly language?: string;
  readonly n: number;
}

const DAYS = { daily: 1, weekly: 7, monthly: 30 } as const;

/**
 * GitHub has no trending API; its search API gives the nearest honest equivalent: the most-starred repositories
 * created within the period. GITHUB_TOKEN raises the rate limit; without one, searches are unauthenticated.
 */
export function githubTrending(config: Config, clock: Clock): LookupSource<TrendingQuery, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'github', config.githubApiUrl, 'GITHUB_TOKEN');
  const token = config.githubToken;
  return {
    upstream,
    ttlSeconds: config.trendingCacheSeconds,
    cacheKey: (input) => JSON.stringify([input.since, input.language?.toLowerCase(), input.n, createdSince(input.since, clock.now())]),
    async lookup(input, signal) {
      const q = [`created:>=${createdSince(input.since, clock.now())}`, ...(input.language ? [`language:"${input.language}"`] : [])].join(' ');
      const body = await upstreamJson(upstream, {
        path: '/search/repositories',
        query: { q, sort: 'stars', order: 'desc', per_page: input.n },
        headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(signal ? { signal } : {}),
      });
      const items = (body as { items?: unknown } | null)?.items;
      if (!Array.isArray(items)) throw upstreamMalformed('github', 'search answer without items');
      const repositories = (items as Record<string, unknown>[]).map((repo) => {
        if (typeof repo.full_name !== 'string' || typeof repo.html_url !== 'string') throw upstreamMalformed('github', 'a repository without name or url');
        return {
          name: repo.full_name,
          url: repo.html_url,
          ...(typeof repo.description === 'string' ? { description: repo.description } : {}),
          stars: typeof repo.stargazers_count === 'number' ? repo.stargazers_count : 0,
          ...(typeof repo.forks_count === 'number' ? { forks: repo.forks_count } : {}),
          ...(typeof repo.language === 'string' ? { language: repo.language } : {}),
          ...(typeof repo.created_at === 'string' ? { created_at: repo.created_at } : {}),
        };
      });
      return { since: input.since, ...(input.language ? { language: input.language } : {}), repositories };
    },
  };
}

function createdSince(since: TrendingQuery['since'], now: Date): string {
  return new Date(now.getTime() - DAYS[since] * 86_400_000).toISOString().slice(0, 10);
}
