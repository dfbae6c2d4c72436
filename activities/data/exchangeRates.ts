import type { Config } from '../../schema/config';
import { upstreamMalformed, upstreamNotFound } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

export interface RatesRequest {
  readonly base: string;
  /** Only these currencies; all when absent. */
  readonly quotes?: readonly string[];
}

export interface Rates {
  readonly base: string;
  readonly date: string;
  readonly rates: Record<string, number>;
}

/** Frankfurter v2: reference rates of central banks (the ECB's first), one row per currency pair. */
export function frankfurter(config: Config): LookupSource<RatesRequest, Rates> {
  const upstream = upstreamOf(config, 'frankfurter', config.frankfurterBaseUrl);
  return {
    upstream,
    ttlSeconds: config.exchangeCacheSeconds,
    cacheKey: (request) => `${request.base.toUpperCase()}:${[...(request.quotes ?? [])].sort().join(',')}`,
    async lookup(request, signal) {
      const base = request.base.toUpperCase();
      const body = await upstreamJson(upstream, {
        path: '/rates',
        query: { base, quotes: request.quotes?.length ? request.quotes.join(',') : undefined },
        notFound: `no rates for ${base}`,
        ...(signal ? { signal } : {}),
      });
      if (!Array.isArray(body)) throw upstreamMalformed('frankfurter', 'rates are not a list');
      const rates: Record<string, number> = {};
      let date = '';
      for (const row of body as Record<string, unknown>[]) {
        if (typeof row?.quote !== 'string' || typeof row.rate !== 'number') throw upstreamMalformed('frankfurter', 'a row without quote or rate');
        rates[row.quote] = row.rate;
        if (typeof row.date === 'string' && row.date > date) date = row.date;
      }
      if (!Object.keys(rates).length)
        throw upstreamNotFound(
          'frankfurter',
          `no rates for ${base}${request.quotes ? ` in ${request.quotes.join(', ')}` : ''}`,
          'Use ISO 4217 codes such as USD, EUR, JPY.',
        );
      return { base, date, rates };
    },
  };
}

/** A comma list of currency codes, upper-cased and without repeats. */
export function currencyCodes(list: string | undefined): string[] | undefined {
  if (!list) return undefined;
  return [...new Set(list.split(',').map((c) => c.trim().toUpperCase()))];
}
