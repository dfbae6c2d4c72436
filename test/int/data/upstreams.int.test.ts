import { ApplicationFailure } from '@temporalio/common';
import { coinGecko } from '../../../activities/data/crypto';
import { githubTrending } from '../../../activities/data/codeHostTrending';
import { wikipedia } from '../../../activities/data/encyclopedia';
import { frankfurter } from '../../../activities/data/exchangeRates';
import { reddit } from '../../../activities/data/forum';
import { hackerNews } from '../../../activities/data/news';
import { arxiv } from '../../../activities/data/preprints';
import { finnhub } from '../../../activities/data/stocks';
import { LookupCache } from '../../../activities/data/upstream/lookupCache';
import type { LookupSource } from '../../../activities/data/upstream/lookupSource';
import { transcriptProvider } from '../../../activities/data/videoTranscript';
import { openMeteo } from '../../../activities/data/weather';
import { searchProvider } from '../../../activities/search/searchProvider';
import { loadConfig } from '../../../core/config/loadConfig';
import { systemClock } from '../../../core/clock/clock';
import { type Config } from '../../../schema/config';
import { fixture, jsonFixture, startUpstreamServer, type UpstreamAnswer, type UpstreamServer } from '../../support/upstreamServer';

let server: UpstreamServer;
beforeAll(async () => (server = await startUpstreamServer()));
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Every upstream pointed at the loopback server, with keys set and a short time-out. */
function configFor(env: Record<string, string> = {}): Config {
  const o = server.origin;
  return loadConfig({
    APP_ENV: 'test',
    DATA_TIMEOUT_SECONDS: '2',
    OPEN_METEO_BASE_URL: o,
    OPEN_METEO_GEOCODING_URL: o,
    COINGECKO_BASE_URL: o,
    FRANKFURTER_BASE_URL: o,
    HACKER_NEWS_BASE_URL: o,
    FINNHUB_BASE_URL: o,
    FINNHUB_API_KEY: 'finnhub-test-key',
    WIKIPEDIA_BASE_URL: o,
    ARXIV_BASE_URL: o,
    GITHUB_API_URL: o,
    REDDIT_AUTH_URL: o,
    REDDIT_API_URL: o,
    REDDIT_CLIENT_ID: 'reddit-app',
    REDDIT_CLIENT_SECRET: 'reddit-secret',
    TRANSCRIPT_BASE_URL: o,
    TRANSCRIPT_API_KEY: 'transcript-key',
    SEARCH_BASE_URL: o,
    SEARCH_API_KEY: 'search-key',
    ...env,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApplicationFailure)) throw new Error(`expected an ApplicationFailure, got ${String(error)}`);
  return error;
}

interface AdapterCase {
  readonly upstream: string;
  readonly source: (config: Config) => LookupSource<never, object>;
  readonly input: object;
  /** The request whose answers the failure cases replace; the other routes keep answering well. */
  readonly path: string;
  readonly routes: Readonly<Record<string, UpstreamAnswer>>;
  readonly expected: object;
  /** A 200 whose body is not what the upstream sends. */
  readonly malformed: UpstreamAnswer;
}

const cases: AdapterCase[] = [
  {
    upstream: 'open-meteo',
    source: openMeteo,
    input: { city: 'Paris', units: 'metric' },
    path: '/v1/forecast',
    routes: {
      '/v1/search': { body: jsonFixture('open-meteo', 'geocoding-paris.json') },
      '/v1/forecast': { body: jsonFixture('open-meteo', 'forecast-paris.json') },
    },
    expected: {
      location: { name: 'Paris', country: 'France', latitude: 48.85341, longitude: 2.3488, timezone: 'Europe/Paris' },
      temperature: 6.4,
      temperature_unit: '°C',
      wind_speed: 12.2,
      weather_code: 3,
      description: 'overcast',
      humidity: 81,
    },
    malformed: { body: { current: { time: '2026-01-15T13:00' } } },
  },
  {
    upstream: 'coingecko',
    source: coinGecko,
    input: { symbols: 'BTC,eth,nosuchcoin' },
    path: '/simple/price',
    routes: { '/simple/price': { body: jsonFixture('coingecko', 'simple-price.json') } },
    expected: {
      prices: [
        { symbol: 'BTC', usd: 67187.34, eur: 61950.12, gbp: 53011.9, change_24h: { usd: 3.64, eur: 3.51, gbp: 3.47 } },
        { symbol: 'ETH', usd: 3504.2, eur: 3231.05, gbp: 2764.88, change_24h: { usd: -1.2, eur: -1.33, gbp: -1.38 } },
      ],
      not_found: ['NOSUCHCOIN'],
    },
    malformed: { body: ['not', 'an', 'object'] },
  },
  {
    upstream: 'frankfurter',
    source: frankfurter,
    input: { base: 'usd' },
    path: '/rates',
    routes: { '/rates': { body: jsonFixture('frankfurter', 'rates-usd.json') } },
    expected: { base: 'USD', date: '2026-07-03', rates: { EUR: 0.87598, GBP: 0.74312, JPY: 161.42, TWD: 31.913 } },
    malformed: { body: { rates: { EUR: 0.9 } } },
  },
  {
    upstream: 'hacker-news',
    source: hackerNews,
    input: { n: 2 },
    path: '/topstories.json',
    routes: Object.fromEntries([
      ['/topstories.json', { body: jsonFixture('hacker-news', 'topstories.json') }],
      ...['41000001', '41000002', '41000003', '41000004'].map((id) => [`/item/${id}.json`, { body: jsonFixture('hacker-news', `item-${id}.json`) }]),
    ]),
    expected: {
      count: 2,
      stories: [
        expect.objectContaining({
          id: 41000003,
          title: 'An event store in 300 lines of SQL',
          url: 'https://example.com/event-store',
          score: 512,
          comments: 120,
        }),
        // The deleted story is skipped; a text post links to its discussion.
        expect.objectContaining({ id: 41000002, url: 'https://news.ycombinator.com/item?id=41000002' }),
      ],
    },
    malformed: { body: { stories: [] } },
  },
  {
    upstream: 'finnhub',
    source: finnhub,
    input: { symbol: 'aapl' },
    path: '/quote',
    routes: { '/quote': { body: jsonFixture('finnhub', 'quote-aapl.json') }, '/stock/market-status': { body: jsonFixture('finnhub', 'market-status.json') } },
    expected: { symbol: 'AAPL', price: 227.52, previous_close: 225.11, change: 2.41, change_percent: 1.0706, market_state: 'open', exchange: 'US' },
    malformed: { body: { price: 1 } },
  },
  {
    upstream: 'wikipedia',
    source: wikipedia,
    input: { title: 'alan turing' },
    path: '/page/summary/Alan_turing',
    routes: { '/page/summary/Alan_turing': { body: jsonFixture('wikipedia', 'summary-alan-turing.json') } },
    expected: { title: 'Alan Turing', description: 'English computer scientist (1912–1954)', url: 'https://en.wikipedia.org/wiki/Alan_Turing' },
    malformed: { body: { title: 'Alan Turing' } },
  },
  {
    upstream: 'arxiv',
    source: arxiv,
    input: { query: 'event sourcing', n: 2, sort: 'relevance' },
    path: '/query',
    routes: { '/query': { body: fixture('arxiv', 'query.xml'), headers: { 'content-type': 'application/atom+xml' } } },
    expected: {
      total: 37,
      papers: [
        {
          id: '2601.01234v2',
          title: 'Event Sourcing at Scale: Lessons from Ledgers',
          summary: 'We study append-only logs as the source of truth.',
          authors: ['Ada Lovelace', 'Charles Babbage'],
          published: '2026-01-05T09:00:00Z',
          updated: '2026-02-10T12:00:00Z',
          url: 'http://arxiv.org/abs/2601.01234v2',
          pdf_url: 'http://arxiv.org/pdf/2601.01234v2',
          primary_category: 'cs.DB',
        },
        expect.objectContaining({ id: '2512.09999v1', authors: ['Grace Hopper'] }),
      ],
    },
    malformed: { body: '<html><body>Service temporarily unavailable' },
  },
  {
    upstream: 'github',
    source: (config) => githubTrending(config, { now: () => new Date('2026-07-03T12:00:00Z') }),
    input: { since: 'weekly', language: 'TypeScript', n: 2 },
    path: '/search/repositories',
    routes: { '/search/repositories': { body: jsonFixture('github', 'search-repositories.json') } },
    expected: {
      since: 'weekly',
      repositories: [
        {
          name: 'acme/tiny-ledger',
          url: 'https://github.com/acme/tiny-ledger',
          description: 'An append-only ledger on PostgreSQL',
          stars: 1834,
          forks: 61,
          language: 'TypeScript',
          created_at: '2026-06-28T09:00:00Z',
        },
        expect.objectContaining({ name: 'bob/qr-tweet', stars: 940 }),
      ],
    },
    malformed: { body: { total_count: 0 } },
  },
  {
    upstream: 'reddit',
    source: (config) => reddit(config, new LookupCache(10)),
    input: { query: 'temporal', sort: 'relevance', n: 2 },
    path: '/search',
    routes: { '/api/v1/access_token': { body: jsonFixture('reddit', 'token.json') }, '/search': { body: jsonFixture('reddit', 'search.json') } },
    expected: {
      query: 'temporal',
      posts: [
        expect.objectContaining({
          title: 'Durable execution explained',
          community: 'programming',
          score: 345,
          comments: 57,
          permalink: 'https://www.reddit.com/r/programming/comments/abc123/durable_execution_explained/',
        }),
        expect.objectContaining({ title: 'Temporal workflows in production?', text: 'We are evaluating Temporal for…' }),
      ],
    },
    malformed: { body: { kind: 'Listing' } },
  },
  {
    upstream: 'transcript-provider',
    source: transcriptProvider,
    input: { video_id: 'dQw4w9WgXcQ' },
    path: '/transcript',
    routes: { '/transcript': { body: jsonFixture('transcript', 'transcript.json') } },
    expected: {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      language: 'en',
      text: 'Hello and welcome. Today we talk about event sourcing.',
      segments: [
        { start: 0, duration: 1.8, text: 'Hello and welcome.' },
        { start: 1.8, duration: 2.6, text: 'Today we talk about event sourcing.' },
      ],
      available_languages: ['en', 'fr'],
    },
    malformed: { body: { transcript: 'Hello' } },
  },
  ...(
    [
      ['brave', '/res/v1/web/search', 'web-search.json', { published_at: '2026-05-01T00:00:00' }],
      ['tavily', '/search', 'search.json', { published_at: '2026-05-01' }],
      ['exa', '/search', 'search.json', { snippet: 'Keep an append-only log. … Rebuild read models from it.' }],
      ['serpapi', '/search.json', 'search.json', { published_at: 'May 1, 2026' }],
    ] as const
  ).map(([provider, path, file, extra]): AdapterCase => ({
    upstream: provider,
    source: (config) => searchProvider({ ...config, searchProvider: provider }),
    input: { query: 'event sourcing postgres', n: 5 },
    path,
    routes: { [path]: { body: jsonFixture(provider, file) } },
    expected: {
      query: 'event sourcing postgres',
      provider,
      results: expect.arrayContaining([expect.objectContaining({ title: 'Event sourcing with PostgreSQL', url: 'https://example.com/es-pg', ...extra })]),
    },
    malformed: { body: 'not json at all' },
  })),
];

describe.each(cases)('$upstream adapter against a loopback server speaking its wire format', (c) => {
  const answerAll = (except?: string) => {
    for (const [path, answer] of Object.entries(c.routes)) if (path !== except) server.on(path, [], { always: answer });
  };
  const lookup = () => c.source(configFor()).lookup(c.input as never);

  it('reads a good answer into the tool output', async () => {
    answerAll();
    expect(await lookup()).toMatchObject(c.expected);
  });

  it("answers an upstream 404 as the caller's 404 with the upstream's reason, not retried", async () => {
    answerAll(c.path);
    server.on(c.path, { status: 404, body: { message: 'no such thing upstream' } });
    const failure = await failureOf(lookup());
    expect(failure).toMatchObject({ type: 'NotFound', nonRetryable: true });
    expect(failure.message).toContain(c.upstream);
  });

  it('turns a 429 into a retryable failure that waits as long as Retry-After says', async () => {
    answerAll(c.path);
    server.on(c.path, { status: 429, headers: { 'retry-after': '7' }, body: { message: 'slow down' } });
    const failure = await failureOf(lookup());
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false, nextRetryDelay: 7000 });
    expect(failure.details?.[0]).toMatchObject({ status: 429, retry_after_s: 7 });
  });

  it('turns a 5xx into a retryable failure (503 once retries run out)', async () => {
    answerAll(c.path);
    server.on(c.path, { status: 503, body: 'upstream maintenance' });
    expect(await failureOf(lookup())).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
  });

  it('refuses a malformed body as an upstream failure that a retry would not mend', async () => {
    answerAll(c.path);
    server.on(c.path, c.malformed);
    const failure = await failureOf(lookup());
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: true });
    expect(failure.message).toMatch(/cannot read/);
  });
});

describe('upstream adapters: credentials, time-outs and requests', () => {
  it.each([
    ['finnhub', (config: Config) => finnhub(config).lookup({ symbol: 'AAPL' }), { FINNHUB_API_KEY: '' }, 'FINNHUB_API_KEY'],
    [
      'reddit',
      (config: Config) => reddit(config, new LookupCache(1)).lookup({ query: 'x', sort: 'new', n: 1 }),
      { REDDIT_CLIENT_ID: '', REDDIT_CLIENT_SECRET: '' },
      'REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
    ],
    ['transcripts', (config: Config) => transcriptProvider(config).lookup({ video_id: 'dQw4w9WgXcQ' }), { TRANSCRIPT_API_KEY: '' }, 'TRANSCRIPT_API_KEY'],
    ['search', (config: Config) => searchProvider(config).lookup({ query: 'x', n: 1 }), { SEARCH_API_KEY: '' }, 'SEARCH_API_KEY'],
  ])('%s without its credential is a ToolUnavailable naming the variable, without asking the upstream', async (_name, run, env, variable) => {
    const failure = await failureOf(run(configFor(env)));
    expect(failure).toMatchObject({ type: 'ToolUnavailable', nonRetryable: true });
    expect(failure.message).toContain(variable);
    expect(server.seen).toEqual([]);
  });

  it('sends each upstream its credential the way it expects', async () => {
    server.on('/quote', { body: jsonFixture('finnhub', 'quote-aapl.json') });
    server.on('/stock/market-status', { body: jsonFixture('finnhub', 'market-status.json') });
    await finnhub(configFor()).lookup({ symbol: 'AAPL' });
    expect(server.seenAt('/quote')[0]!.headers['x-finnhub-token']).toBe('finnhub-test-key');

    server.on('/api/v1/access_token', { body: jsonFixture('reddit', 'token.json') });
    server.on('/search', [], { always: { body: jsonFixture('reddit', 'search.json') } });
    const forum = reddit(configFor(), new LookupCache(10));
    await forum.lookup({ query: 'a', sort: 'new', n: 1 });
    await forum.lookup({ query: 'b', sort: 'new', n: 1 });
    const [tokenRequest, ...more] = server.seenAt('/api/v1/access_token');
    expect(more).toEqual([]); // the app token is kept until it expires
    expect(tokenRequest!.headers.authorization).toBe(`Basic ${Buffer.from('reddit-app:reddit-secret').toString('base64')}`);
    expect(tokenRequest!.body).toBe('grant_type=client_credentials');
    expect(server.seenAt('/search').map((r) => r.headers.authorization)).toEqual([
      'Bearer eyJhbGciOiJSUzI1NiJ9.app-only',
      'Bearer eyJhbGciOiJSUzI1NiJ9.app-only',
    ]);

    server.on('/res/v1/web/search', { body: jsonFixture('brave', 'web-search.json') });
    await searchProvider(configFor()).lookup({ query: 'q', n: 3 });
    const brave = server.seenAt('/res/v1/web/search')[0]!;
    expect(brave.headers['x-subscription-token']).toBe('search-key');
    expect(brave.query.get('count')).toBe('3');
  });

  it('asks Open-Meteo for the namesake in the country named after the comma', async () => {
    server.on('/v1/search', { body: jsonFixture('open-meteo', 'geocoding-paris.json') });
    server.on('/v1/forecast', { body: jsonFixture('open-meteo', 'forecast-paris.json') });
    const weather = await openMeteo(configFor()).lookup({ city: 'Paris, US', units: 'imperial' });
    expect(weather).toMatchObject({
      location: { name: 'Paris', country: 'United States', latitude: 33.66094 },
      temperature_unit: '°F',
      wind_speed_unit: 'mph',
    });
    const forecast = server.seenAt('/v1/forecast')[0]!;
    expect([forecast.query.get('latitude'), forecast.query.get('temperature_unit'), forecast.query.get('wind_speed_unit')]).toEqual([
      '33.66094',
      'fahrenheit',
      'mph',
    ]);
  });

  it('answers a city Open-Meteo cannot place as a 404', async () => {
    server.on('/v1/search', { body: jsonFixture('open-meteo', 'geocoding-none.json') });
    const failure = await failureOf(openMeteo(configFor()).lookup({ city: 'Nowhereville', units: 'metric' }));
    expect(failure).toMatchObject({ type: 'NotFound' });
    expect(failure.message).toContain('Nowhereville');
  });

  it('maps an upstream 4xx other than 404 to the caller’s 400 with the upstream’s reason', async () => {
    server.on('/search/repositories', { status: 422, body: jsonFixture('github', 'validation-failed.json') });
    const failure = await failureOf(githubTrending(configFor(), systemClock).lookup({ since: 'daily', n: 5 }));
    expect(failure).toMatchObject({ type: 'InvalidInput', nonRetryable: true });
    expect(failure.message).toContain('Validation Failed');
  });

  it('treats a GitHub 403 that says the rate limit is spent as a retryable rate limit', async () => {
    server.on('/search/repositories', {
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 20) },
      body: { message: 'API rate limit exceeded' },
    });
    const failure = await failureOf(githubTrending(configFor(), systemClock).lookup({ since: 'daily', n: 5 }));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
    expect(failure.nextRetryDelay).toBeGreaterThan(10_000);
  });

  it('answers our own refused key as a 503-class ToolUnavailable naming the variable', async () => {
    server.on('/quote', { status: 401, body: { error: 'Invalid API key' } });
    server.on('/stock/market-status', { body: jsonFixture('finnhub', 'market-status.json') });
    const failure = await failureOf(finnhub(configFor()).lookup({ symbol: 'AAPL' }));
    expect(failure).toMatchObject({ type: 'ToolUnavailable' });
    expect(JSON.stringify(failure.details)).toContain('FINNHUB_API_KEY');
  });

  it('reads a symbol Finnhub does not know (all zeros) as a 404', async () => {
    server.on('/quote', { body: jsonFixture('finnhub', 'quote-unknown.json') });
    server.on('/stock/market-status', { body: jsonFixture('finnhub', 'market-status.json') });
    expect(await failureOf(finnhub(configFor()).lookup({ symbol: 'NOPE' }))).toMatchObject({ type: 'NotFound' });
  });

  it('passes arXiv’s own error entry on as a 400', async () => {
    server.on('/query', { body: fixture('arxiv', 'error.xml') });
    const failure = await failureOf(arxiv(configFor()).lookup({ query: 'id:foo', n: 1, sort: 'relevance' }));
    expect(failure).toMatchObject({ type: 'InvalidInput' });
    expect(failure.message).toContain('incorrect id format');
  });

  it('says a transcript still being made is worth asking again shortly (503 with a short Retry-After)', async () => {
    server.on('/transcript', { body: jsonFixture('transcript', 'job.json') });
    const failure = await failureOf(transcriptProvider(configFor()).lookup({ url: 'https://www.youtube.com/watch?v=abc' }));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false, nextRetryDelay: 10_000 });
  });

  it('gives up on an upstream that does not answer within its time-out, as a retryable failure', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const failure = await failureOf(
        frankfurter(configFor({ FRANKFURTER_BASE_URL: `http://127.0.0.1:${port}`, DATA_TIMEOUT_SECONDS: '1' })).lookup({ base: 'USD' }),
      );
      expect(failure).toMatchObject({ type: 'UpstreamUnreachable', nonRetryable: false, details: [{ upstream: 'frankfurter', cause: 'timeout' }] });
      expect(failure.message).toContain('within 1000 ms');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
