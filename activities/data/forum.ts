import type { Config } from '../../schema/config';
import type { LookupCache } from './upstream/lookupCache';
import { upstreamMalformed, upstreamNotConfigured } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

interface ForumQuery {
  readonly query: string;
  readonly subreddit?: string;
  readonly sort: string;
  readonly n: number;
}

/**
 * Reddit search through its OAuth API, as an approved app (client credentials). The app token is kept in the
 * worker's cache until shortly before it expires. Without REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET: 503 naming them.
 */
export function reddit(config: Config, cache: LookupCache): LookupSource<ForumQuery, Record<string, unknown>> {
  const api = upstreamOf(config, 'reddit', config.redditApiUrl, 'REDDIT_CLIENT_ID');
  const auth = upstreamOf(config, 'reddit', config.redditAuthUrl, 'REDDIT_CLIENT_SECRET');
  const { redditClientId: id, redditClientSecret: secret } = config;
  return {
    upstream: api,
    ttlSeconds: config.forumCacheSeconds,
    cacheKey: (input) => JSON.stringify([input.query.toLowerCase(), input.subreddit?.toLowerCase(), input.sort, input.n]),
    async lookup(input, signal) {
      const missing = [...(id ? [] : ['REDDIT_CLIENT_ID']), ...(secret ? [] : ['REDDIT_CLIENT_SECRET'])];
      if (missing.length) throw upstreamNotConfigured('reddit', missing);
      const token = await appToken(signal);
      const body = await upstreamJson(api, {
        path: input.subreddit ? `/r/${input.subreddit}/search` : '/search',
        query: { q: input.query, sort: input.sort, limit: input.n, type: 'link', raw_json: 1, ...(input.subreddit ? { restrict_sr: 'true' } : {}) },
        headers: { authorization: `Bearer ${token}` },
        notFound: `no community called r/${input.subreddit ?? ''}`,
        ...(signal ? { signal } : {}),
      });
      const children = (body as { data?: { children?: unknown } } | null)?.data?.children;
      if (!Array.isArray(children)) throw upstreamMalformed('reddit', 'a listing without data.children');
      const posts = (children as { data?: Record<string, unknown> }[]).map(({ data: post }) => {
        if (!post || typeof post.title !== 'string' || typeof post.permalink !== 'string')
          throw upstreamMalformed('reddit', 'a post without title or permalink');
        return {
          title: post.title,
          ...(typeof post.subreddit === 'string' ? { community: post.subreddit } : {}),
          ...(typeof post.author === 'string' ? { author: post.author } : {}),
          ...(typeof post.score === 'number' ? { score: post.score } : {}),
          ...(typeof post.num_comments === 'number' ? { comments: post.num_comments } : {}),
          ...(typeof post.url === 'string' ? { url: post.url } : {}),
          permalink: `https://www.reddit.com${post.permalink}`,
          ...(typeof post.created_utc === 'number' ? { created_at: new Date(post.created_utc * 1000).toISOString() } : {}),
          ...(typeof post.selftext === 'string' && post.selftext ? { text: post.selftext.slice(0, 2000) } : {}),
        };
      });
      return { query: input.query, posts };
    },
  };

  async function appToken(signal?: AbortSignal): Promise<string> {
    const kept = cache.get<string>(`reddit-token:${id}`);
    if (kept) return kept;
    const body = await upstreamJson(auth, {
      path: '/api/v1/access_token',
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
      ...(signal ? { signal } : {}),
    });
    const { access_token: token, expires_in: expiresIn } = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof token !== 'string') throw upstreamMalformed('reddit', 'a token answer without access_token');
    const lifetime = typeof expiresIn === 'number' ? expiresIn : 3600;
    cache.set(`reddit-token:${id}`, token, Math.max(1, lifetime - 60));
    return token;
  }
}
