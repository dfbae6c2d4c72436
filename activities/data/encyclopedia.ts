import type { Config } from '../../schema/config';
import { upstreamMalformed } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

/** Wikipedia's REST page summary (redirects followed); text under CC BY-SA 4.0, which the answer names. */
export function wikipedia(config: Config): LookupSource<{ title: string }, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'wikipedia', config.wikipediaBaseUrl);
  return {
    upstream,
    ttlSeconds: config.encyclopediaCacheSeconds,
    cacheKey: (input) => normalise(input.title),
    async lookup(input, signal) {
      const body = await upstreamJson(upstream, {
        path: `/page/summary/${encodeURIComponent(normalise(input.title))}`,
        query: { redirect: true },
        notFound: `no article titled "${input.title}"`,
        ...(signal ? { signal } : {}),
      });
      const page = (body ?? {}) as Record<string, unknown>;
      if (typeof page.title !== 'string' || typeof page.extract !== 'string') throw upstreamMalformed('wikipedia', 'a summary without title or extract');
      const urls = page.content_urls as { desktop?: { page?: string } } | undefined;
      const thumbnail = page.thumbnail as { source?: string } | undefined;
      return {
        title: page.title,
        ...(typeof page.description === 'string' ? { description: page.description } : {}),
        summary: page.extract,
        url: urls?.desktop?.page ?? `https://en.wikipedia.org/wiki/${encodeURIComponent(page.title.replace(/ /g, '_'))}`,
        ...(thumbnail?.source ? { thumbnail: thumbnail.source } : {}),
        ...(typeof page.type === 'string' ? { type: page.type } : {}),
        license: 'CC BY-SA 4.0 (Wikipedia contributors)',
      };
    },
  };
}

/** Wikipedia titles use underscores for spaces and an upper-case first letter. */
function normalise(title: string): string {
  const trimmed = title.trim().replace(/\s+/g, '_');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
