import type { Config } from '../../schema/config';
import { upstreamMalformed, upstreamNotFound } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';

const CURRENCIES = ['usd', 'eur', 'gbp'] as const;

/** CoinGecko's simple price, looked up by ticker symbol, in USD, EUR and GBP with the 24-hour change. */
export function coinGecko(config: Config): LookupSource<{ symbols: string }, Record<string, unknown>> {
  const upstream = upstreamOf(config, 'coingecko', config.coingeckoBaseUrl, 'COINGECKO_API_KEY');
  const pro = /pro-api\./.test(config.coingeckoBaseUrl);
  const key = config.coingeckoApiKey;
  return {
    upstream,
    ttlSeconds: config.cryptoCacheSeconds,
    cacheKey: (input) => symbolsOf(input.symbols).join(','),
    async lookup(input, signal) {
      const symbols = symbolsOf(input.symbols);
      const body = await upstreamJson(upstream, {
        path: '/simple/price',
        query: { symbols: symbols.join(','), vs_currencies: CURRENCIES.join(','), include_24hr_change: true },
        headers: key ? { [pro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: key } : {},
        ...(signal ? { signal } : {}),
      });
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw upstreamMalformed('coingecko', 'prices are not an object');
      const bySymbol = body as Record<string, Record<string, unknown>>;
      const prices = [];
      const missing = [];
      for (const symbol of symbols) {
        const quote = bySymbol[symbol];
        if (!quote) {
          missing.push(symbol.toUpperCase());
          continue;
        }
        if (typeof quote.usd !== 'number') throw upstreamMalformed('coingecko', `no usd price for ${symbol}`);
        const change = Object.fromEntries(CURRENCIES.flatMap((c) => (typeof quote[`${c}_24h_change`] === 'number' ? [[c, quote[`${c}_24h_change`]]] : [])));
        prices.push({
          symbol: symbol.toUpperCase(),
          ...Object.fromEntries(CURRENCIES.flatMap((c) => (typeof quote[c] === 'number' ? [[c, quote[c]]] : []))),
          change_24h: change,
        });
      }
      if (!prices.length) throw upstreamNotFound('coingecko', `no coin with the symbol ${missing.join(', ')}`, 'Use ticker symbols such as btc, eth or sol.');
      return { prices, ...(missing.length ? { not_found: missing } : {}) };
    },
  };
}

function symbolsOf(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
