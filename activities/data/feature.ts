import type { ActivitiesFeature } from '../features';
import type { ToolResult } from '../../schema/calls';
import { invalidInput } from '../../core/calls/callFailures';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { dataTools as dataEntries } from '../../schema/data/dataTools';
import { lazy, type ToolContext, type FamilyImplementations } from '../tools/toolImplementation';
import { describeColor } from './color';
import { coinGecko } from './crypto';
import { lookupHost } from './dns';
import { wikipedia } from './encyclopedia';
import { currencyCodes, frankfurter } from './exchangeRates';
import { githubTrending } from './codeHostTrending';
import { reddit } from './forum';
import { publicHolidays } from './holidays';
import { JOKES } from './jokeCollection';
import { hackerNews } from './news';
import { arxiv } from './preprints';
import { QUOTES } from './quoteCollection';
import { pick } from './randomPick';
import { screenshotTool } from './screenshot/screenshotTool';
import { finnhub } from './stocks';
import { describeZone } from './timezone';
import { runLookup, sourcedResult } from './upstream/lookupSource';
import { upstreamNotFound } from './upstream/upstreamFailures';
import { validateEmail } from './validateEmail';
import { validateUrl } from './validateUrl';
import { openMeteo } from './weather';
import { transcriptProvider } from './videoTranscript';
import { configuredResolver, type DnsResolver } from './dnsResolver';
import { createPageBrowser, type PageBrowser } from './screenshot/pageBrowser';
import { LookupCache } from './upstream/lookupCache';

/** What the data tools share on a worker (the feature's resources). */
export interface DataResources {
  /** Answers of data upstreams, kept for their TTL (one cache per worker, so repeats cost no upstream request). */
  readonly lookupCache: LookupCache;
  /** DNS for /data/dns and /data/validate/email (DNS_SERVERS, or the system's). */
  readonly resolver: DnsResolver;
  /** The worker's Chromium for /data/screenshot, started on first use. */
  readonly pageBrowser: PageBrowser;
}

declare module '../features' {
  interface FeatureResources {
    data: DataResources;
  }
}

// Bundled datasets and generators load on a tool's first call, so a worker holds only those it has used.
const country = lazy(() => import('./country.js'));
const ipLocation = lazy(() => import('./ipLocation.js'));
const qr = lazy(() => import('./qr.js'));
const randomName = lazy(() => import('./randomName.js'));

type Input<Name extends (typeof dataEntries)[number]['name']> = ToolInput<typeof dataEntries, Name>;

/** A tool typed by its registry entry's input (`tool<Input<'data/qr'>>`); the runner hands every tool a plain record. */
function tool<I>(run: (input: I, context: ToolContext) => Promise<ToolResult> | ToolResult) {
  return { run: async (input: Record<string, unknown>, context: ToolContext) => run(input as I, context) };
}

/** Data lookups (schema/data/dataTools.ts): upstream adapters behind LookupSource, bundled datasets, DNS, a browser. */
const dataTools: FamilyImplementations<typeof dataEntries> = {
  'data/weather': tool<Input<'data/weather'>>((input, context) => runLookup(openMeteo(context.deps.config), input, context)),
  'data/crypto': tool<Input<'data/crypto'>>((input, context) => runLookup(coinGecko(context.deps.config), input, context)),
  'data/exchange-rates': tool<Input<'data/exchange-rates'>>(async (input, context) => {
    const result = await runLookup(frankfurter(context.deps.config), { base: input.base, quotes: currencyCodes(input.symbols) }, context);
    return { ...result, output: { ...result.output, count: Object.keys(result.output.rates as object).length } };
  }),
  'data/exchange': tool<Input<'data/exchange'>>(async (input, context) => {
    const quotes = currencyCodes(input.to);
    const result = await runLookup(frankfurter(context.deps.config), { base: input.from, quotes }, context);
    const { base, date, rates } = result.output as { base: string; date: string; rates: Record<string, number> };
    const pair = quotes?.length === 1 ? quotes[0]! : undefined;
    const rate = pair ? rates[pair] : undefined;
    return {
      ...result,
      output: {
        from: base,
        date,
        amount: input.amount,
        rates,
        count: Object.keys(rates).length,
        ...(pair && rate !== undefined ? { to: pair, rate, result: Math.round(input.amount * rate * 1e6) / 1e6 } : {}),
      },
    };
  }),
  'data/news': tool<Input<'data/news'>>((input, context) => runLookup(hackerNews(context.deps.config), input, context)),
  'data/stocks': tool<Input<'data/stocks'>>((input, context) => runLookup(finnhub(context.deps.config), input, context)),
  'data/encyclopedia': tool<Input<'data/encyclopedia'>>((input, context) => runLookup(wikipedia(context.deps.config), input, context)),
  'data/preprints': tool<Input<'data/preprints'>>((input, context) => runLookup(arxiv(context.deps.config), input, context)),
  'data/code-host/trending': tool<Input<'data/code-host/trending'>>((input, context) =>
    runLookup(githubTrending(context.deps.config, context.deps.clock), input, context),
  ),
  'data/forum': tool<Input<'data/forum'>>((input, context) => runLookup(reddit(context.deps.config, context.deps.lookupCache), input, context)),
  'data/video/transcript': tool<Input<'data/video/transcript'>>((input, context) => runLookup(transcriptProvider(context.deps.config), input, context)),
  'data/screenshot': tool<Input<'data/screenshot'>>(screenshotTool),
  'data/country': tool<Input<'data/country'>>(async (input) =>
    sourcedResult('bundled:countries-list+country-json', (await country()).describeCountry(input.country)),
  ),
  'data/ip': tool<Input<'data/ip'>>(async (input) => {
    // The API fills in the caller's address (clientIpInput); a chain step or agent has no caller address to give.
    if (!input.ip) throw invalidInput('ip is required here', 'Name the address to locate; only a direct call can default to its own.');
    return sourcedResult('bundled:dbip-country-lite', (await ipLocation()).locateAddress(input.ip));
  }),
  'data/timezone': tool<Input<'data/timezone'>>((input, context) =>
    sourcedResult('bundled:icu-tzdata', describeZone(input.zone, input.at, context.deps.clock.now())),
  ),
  'data/holidays': tool<Input<'data/holidays'>>(async (input, context) =>
    sourcedResult('bundled:date-holidays', await publicHolidays(input.country, input.year ?? context.deps.clock.now().getUTCFullYear(), input.region)),
  ),
  'data/qr': tool<Input<'data/qr'>>(async (input) => sourcedResult('computed:qrcode', await (await qr()).qrCode(input))),
  'data/color': tool<Input<'data/color'>>((input) => sourcedResult('computed:colord', describeColor(input.color))),
  'data/random/name': tool<Input<'data/random/name'>>(async (input) => sourcedResult('computed:faker', (await randomName()).randomPeople(input))),
  'data/dns': tool<Input<'data/dns'>>(async (input, context) => sourcedResult('dns', await lookupHost(context.deps.resolver, input.host))),
  'data/validate/email': tool<Input<'data/validate/email'>>(async (input, context) =>
    sourcedResult('dns', await validateEmail(context.deps.resolver, input.email)),
  ),
  'data/validate/url': tool<Input<'data/validate/url'>>(async (input, context) =>
    sourcedResult('url-guard', await validateUrl(input.url, context.deps.config.allowLocalHttp)),
  ),
  'data/joke': tool<Input<'data/joke'>>((input) => {
    const joke = pick(input.category ? JOKES.filter((j) => j.category === input.category) : JOKES, input.seed);
    return sourcedResult('bundled:jokes', joke!);
  }),
  'data/quote': tool<Input<'data/quote'>>((input) => {
    const wanted = input.author?.toLowerCase();
    const quote = pick(wanted ? QUOTES.filter((q) => q.author.toLowerCase().includes(wanted)) : QUOTES, input.seed);
    if (!quote) throw upstreamNotFound('bundled:quotes', `no quotation by "${input.author}" in the collection`, 'Leave author out for any quotation.');
    return sourcedResult('bundled:quotes', quote);
  }),
};

export const feature = {
  tools: dataTools,
  resources: ({ config }): DataResources => ({
    lookupCache: new LookupCache(config.dataCacheMaxEntries),
    resolver: configuredResolver(config),
    pageBrowser: createPageBrowser(config.chromiumPath),
  }),
} satisfies ActivitiesFeature;
