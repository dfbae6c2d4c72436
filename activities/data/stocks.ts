import type { Config } from '../../schema/config';
import { upstreamMalformed, upstreamNotConfigured, upstreamNotFound } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

/**
 * Finnhub: the quote (current, previous close, day range) and the US market's state. A symbol Finnhub does not know
 * comes back as zeros, which is a 404 here. Needs FINNHUB_API_KEY.
 */
export function finnhub(config: Config): LookupSource<{ symbol: string }, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'finnhub', config.finnhubBaseUrl, 'FINNHUB_API_KEY');
  const key = config.finnhubApiKey;
  return {
    upstream,
    ttlSeconds: config.stocksCacheSeconds,
    cacheKey: (input) => input.symbol.toUpperCase(),
    async lookup(input, signal) {
      if (!key) throw upstreamNotConfigured('finnhub', ['FINNHUB_API_KEY']);
      const symbol = input.symbol.toUpperCase();
      const request = { headers: { 'x-finnhub-token': key }, ...(signal ? { signal } : {}) };
      const [quote, status] = await Promise.all([
        upstreamJson(upstream, { ...request, path: '/quote', query: { symbol } }),
        upstreamJson(upstream, { ...request, path: '/stock/market-status', query: { exchange: 'US' } }),
      ]);
      const q = (quote ?? {}) as Record<string, unknown>;
      if (typeof q.c !== 'number' || typeof q.pc !== 'number') throw upstreamMalformed('finnhub', 'a quote without c or pc');
      if (q.c === 0 && q.pc === 0 && !q.t) throw upstreamNotFound('finnhub', `no quote for ${symbol}`, 'Use the ticker as the exchange lists it, e.g. AAPL.');
      const s = (status ?? {}) as Record<string, unknown>;
      return {
        symbol,
        price: q.c,
        previous_close: q.pc,
        change: typeof q.d === 'number' ? q.d : round(q.c - q.pc),
        change_percent: typeof q.dp === 'number' ? q.dp : q.pc ? round(((q.c - q.pc) / q.pc) * 100) : 0,
        ...(typeof q.o === 'number' ? { open: q.o } : {}),
        ...(typeof q.h === 'number' ? { high: q.h } : {}),
        ...(typeof q.l === 'number' ? { low: q.l } : {}),
        market_state: marketState(s),
        ...(typeof s.exchange === 'string' ? { exchange: s.exchange } : {}),
        ...(typeof q.t === 'number' && q.t > 0 ? { as_of: new Date(q.t * 1000).toISOString() } : {}),
      };
    },
  };
}

function marketState(status: Record<string, unknown>): string {
  if (status.session === 'pre-market') return 'pre-market';
  if (status.session === 'post-market') return 'post-market';
  if (status.isOpen === true) return 'open';
  if (status.isOpen === false) return 'closed';
  return 'unknown';
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
