import type { Config } from '../../schema/config';
import { upstreamMalformed } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

/** Hacker News: the ids of the top stories, then each story (in parallel). Deleted or dead items are skipped. */
export function hackerNews(config: Config): LookupSource<{ n: number }, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'hacker-news', config.hackerNewsBaseUrl);
  return {
    upstream,
    ttlSeconds: config.newsCacheSeconds,
    cacheKey: (input) => String(input.n),
    async lookup({ n }, signal) {
      const ids = await upstreamJson(upstream, { path: '/topstories.json', ...(signal ? { signal } : {}) });
      if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) throw upstreamMalformed('hacker-news', 'top stories are not a list of ids');
      // A few spare ids stand in for deleted or dead stories.
      const items = await Promise.all(
        (ids as number[]).slice(0, n + 5).map((id) => upstreamJson(upstream, { path: `/item/${id}.json`, ...(signal ? { signal } : {}) })),
      );
      const stories = items
        .filter(
          (item): item is Record<string, unknown> =>
            Boolean(item) && typeof item === 'object' && !(item as { deleted?: boolean }).deleted && !(item as { dead?: boolean }).dead,
        )
        .filter((item) => typeof item.id === 'number' && typeof item.title === 'string')
        .slice(0, n)
        .map((item) => ({
          id: item.id,
          title: item.title,
          url: typeof item.url === 'string' ? item.url : `https://news.ycombinator.com/item?id=${String(item.id)}`,
          ...(typeof item.score === 'number' ? { score: item.score } : {}),
          ...(typeof item.by === 'string' ? { by: item.by } : {}),
          ...(typeof item.descendants === 'number' ? { comments: item.descendants } : {}),
          ...(typeof item.time === 'number' ? { time: new Date(item.time * 1000).toISOString() } : {}),
          discussion_url: `https://news.ycombinator.com/item?id=${String(item.id)}`,
        }));
      if (ids.length && !stories.length) throw upstreamMalformed('hacker-news', 'no readable story among the top ones');
      return { stories, count: stories.length };
    },
  };
}
