import type { Config } from '../../schema/config';
import { upstreamMalformed, upstreamNotConfigured, upstreamUnavailable } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

interface TranscriptQuery {
  readonly url?: string;
  readonly video_id?: string;
  readonly lang?: string;
}

/**
 * A video transcript through a configurable provider, in Supadata's wire format (GET /transcript?url=…, x-api-key):
 * timed chunks in milliseconds, or a job id when the provider must transcribe first, which is answered 503 with
 * a short Retry-After (best effort: a later call finds it done). Without TRANSCRIPT_API_KEY: 503 naming it.
 */
export function transcriptProvider(config: Config): LookupSource<TranscriptQuery, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'transcript-provider', config.transcriptBaseUrl, 'TRANSCRIPT_API_KEY', config.transcriptTimeoutSeconds);
  const key = config.transcriptApiKey;
  return {
    upstream,
    ttlSeconds: config.transcriptCacheSeconds,
    cacheKey: (input) => JSON.stringify([videoUrl(input), input.lang]),
    async lookup(input, signal) {
      if (!key) throw upstreamNotConfigured('transcript-provider', ['TRANSCRIPT_API_KEY']);
      const url = videoUrl(input);
      const body = await upstreamJson(upstream, {
        path: '/transcript',
        query: { url, lang: input.lang, text: false },
        headers: { 'x-api-key': key },
        notFound: `no transcript for ${url}`,
        ...(signal ? { signal } : {}),
      });
      const answer = (body ?? {}) as Record<string, unknown>;
      if (typeof answer.jobId === 'string') throw upstreamUnavailable('transcript-provider', `is still transcribing ${url} (job ${answer.jobId})`, 202, 10_000);
      if (!Array.isArray(answer.content)) throw upstreamMalformed('transcript-provider', 'a transcript without content');
      const segments = (answer.content as Record<string, unknown>[]).map((chunk) => {
        if (typeof chunk.text !== 'string' || typeof chunk.offset !== 'number')
          throw upstreamMalformed('transcript-provider', 'a segment without text or offset');
        return { start: chunk.offset / 1000, ...(typeof chunk.duration === 'number' ? { duration: chunk.duration / 1000 } : {}), text: chunk.text };
      });
      return {
        url,
        ...(typeof answer.lang === 'string' ? { language: answer.lang } : {}),
        text: segments
          .map((s) => s.text.trim())
          .filter(Boolean)
          .join(' '),
        segments,
        ...(Array.isArray(answer.availableLangs) ? { available_languages: answer.availableLangs.filter((l) => typeof l === 'string') } : {}),
      };
    },
  };
}

function videoUrl(input: TranscriptQuery): string {
  return input.url ?? `https://www.youtube.com/watch?v=${input.video_id}`;
}
