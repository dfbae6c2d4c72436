import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from '../../schema/registry';
import { generateKey, type TestKey } from '../support/accounts';
import { closedPort } from '../support/brokenServers';
import { DnsServer, ROOT_ZONE, type ZoneEntry } from '../support/dnsServer';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';
import { jsonFixture, startUpstreamServer, type UpstreamServer } from '../support/upstreamServer';

let service: TestService;
let upstream: UpstreamServer;
let dns: DnsServer;
/** What the resolver answers from the DNS: a mail domain, a web host, a name with no records of the types asked, a failing zone. */
const ZONE: Readonly<Record<string, ZoneEntry>> = {
  ...ROOT_ZONE,
  'mail.test': { MX: [{ exchange: 'mx1.mail.test', preference: 10 }] },
  'web.test': { A: ['192.0.2.10'], AAAA: ['2001:db8::10'] },
  '10.2.0.192.in-addr.arpa': { PTR: ['web.test'] },
  'empty.test': {},
  'broken.test': 'SERVFAIL',
};
let pages: http.Server;
let pageBase: string;
let hiddenBase: string;
const served: string[] = [];

const PAGE = (hidden: string) => `<!doctype html><html><head><title>Ledger report</title></head>
<body style="margin:0;background:#fff"><h1 style="height:3000px">Quarterly ledger</h1><img src="${hidden}/secret.png"></body></html>`;

beforeAll(async () => {
  upstream = await startUpstreamServer();
  dns = await DnsServer.start(ZONE);
  pages = http.createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === '/report') return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE(hiddenBase));
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('gone');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const { port } = pages.address() as AddressInfo;
  pageBase = `http://127.0.0.1:${port}`;
  // 0.0.0.0 reaches this machine's own servers, yet it is no public address: the guard must refuse it.
  hiddenBase = `http://0.0.0.0:${port}`;
  const o = upstream.origin;
  service = await startTestService({
    env: {
      FREE_TIER_DAILY: '100',
      DATA_TIMEOUT_SECONDS: '2',
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_SECONDS: '1',
      OPEN_METEO_BASE_URL: o,
      OPEN_METEO_GEOCODING_URL: o,
      WIKIPEDIA_BASE_URL: o,
      FRANKFURTER_BASE_URL: o,
      FINNHUB_BASE_URL: o,
      FINNHUB_API_KEY: '',
      SEARCH_PROVIDER: 'brave',
      SEARCH_BASE_URL: o,
      SEARCH_API_KEY: 'search-key',
    },
  });
});
afterAll(async () => {
  await service?.stop();
  await upstream?.close();
  await dns?.stop().catch(() => undefined);
  await new Promise((resolve) => pages.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${service.baseUrl}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const balanceOf = async (key: TestKey) => (await json(get('/auth/status', key.auth))).balance_usd as number;

describe('data lookups through HTTP', () => {
  it('answers a weather lookup with _meta.source naming Open-Meteo, and serves the repeat from the cache without asking again', async () => {
    upstream.on('/v1/search', [], { always: { body: jsonFixture('open-meteo', 'geocoding-paris.json') } });
    upstream.on('/v1/forecast', [], { always: { body: jsonFixture('open-meteo', 'forecast-paris.json') } });
    const first = await json(get('/data/weather?city=Paris'));
    expect(first).toMatchObject({ temperature: 6.4, wind_speed: 12.2, weather_code: 3, description: 'overcast', location: { country: 'France' } });
    expect(first._meta).toMatchObject({ endpoint: '/data/weather', source: { upstream: 'open-meteo', cached: false }, network: 'free-tier' });
    const asked = upstream.seenAt('/v1/forecast').length;

    const again = await json(get('/data/weather?q=paris'));
    expect(again._meta.source).toEqual({ upstream: 'open-meteo', cached: true });
    expect(again.temperature).toBe(6.4);
    expect(upstream.seenAt('/v1/forecast')).toHaveLength(asked);
  });

  it("charges nothing for a failed lookup: the upstream's 404 is a 404 with its reason", async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    upstream.on('/page/summary/No_such_article', { status: 404, body: jsonFixture('wikipedia', 'not-found.json') });
    const response = await get('/data/encyclopedia?title=no%20such%20article', key.auth);
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ error: expect.stringContaining('no article titled "no such article"') });
    expect(await balanceOf(key)).toBe(before);
  });

  it('answers 503 with the upstream’s Retry-After once retries of a failing upstream run out, and charges nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    upstream.on('/rates', [], { always: { status: 503, headers: { 'retry-after': '1' }, body: { message: 'maintenance' } } });
    const response = await get('/data/exchange-rates?base=EUR', key.auth);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await json(response)).toMatchObject({ retry_after: 1, status: 'upstream_unavailable', error: expect.stringContaining('frankfurter') });
    expect(upstream.seenAt('/rates').length).toBeGreaterThan(1); // retried by the activity's policy
    expect(await balanceOf(key)).toBe(before);
  });

  it('converts an amount between two currencies at the upstream’s rate', async () => {
    upstream.on('/rates', { body: [{ date: '2026-07-03', base: 'USD', quote: 'EUR', rate: 0.87598 }] });
    const body = await json(get('/data/exchange?from=usd&to=eur&amount=250'));
    expect(body).toMatchObject({ from: 'USD', to: 'EUR', rate: 0.87598, amount: 250, result: 218.995, date: '2026-07-03' });
    expect(upstream.seenAt('/rates').at(-1)!.query.get('quotes')).toBe('EUR');
  });

  it('answers a lookup whose credential is not configured with a 503 naming the variable, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    const response = await get('/data/stocks?symbol=AAPL', key.auth);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await json(response)).toMatchObject({
      error: expect.stringContaining('FINNHUB_API_KEY'),
      code: 'not_configured',
      status: 'not_configured',
      settings: ['FINNHUB_API_KEY'],
    });
    expect(await balanceOf(key)).toBe(before);
  });

  it('keeps keyed lookups out of the free tier: without credentials they ask for payment', async () => {
    expect((await get('/data/stocks?symbol=AAPL')).status).toBe(402);
    expect((await post('/search', { query: 'x' })).status).toBe(402);
  });

  it('searches the web through the configured provider at /search and /web/search', async () => {
    const key = await generateKey(service.baseUrl);
    upstream.on('/res/v1/web/search', [], { always: { body: jsonFixture('brave', 'web-search.json') } });
    for (const path of ['/search', '/web/search']) {
      const body = await json(post(path, { q: 'event sourcing postgres', n: 2 }, key.auth));
      expect(body).toMatchObject({
        query: 'event sourcing postgres',
        provider: 'brave',
        results: [expect.objectContaining({ url: 'https://example.com/es-pg' }), expect.anything()],
      });
      expect(body._meta).toMatchObject({ endpoint: path, cost_usd: 0.005, source: { upstream: 'brave' } });
    }
  });

  it('gives jokes and quotes free: no key, and no free-tier call spent', async () => {
    const usedBefore = (await json(get('/free-tier/status'))).used as number;
    const joke = await json(get('/data/joke?category=programming&seed=3'));
    const quote = await json(get('/data/quote?author=benjamin%20franklin'));
    expect(joke).toMatchObject({ category: 'programming', source: expect.any(String) });
    expect(quote).toMatchObject({ author: 'Benjamin Franklin', source: expect.any(String) });
    expect([joke._meta.cost_usd, quote._meta.cost_usd]).toEqual([0, 0]);
    expect((await json(get('/free-tier/status'))).used).toBe(usedBefore);
  });

  it("locates the caller's own address when /data/ip is given none", async () => {
    expect(await json(get('/data/ip'))).toMatchObject({ ip: '127.0.0.1', version: 4, range: 'loopback', country_code: null });
    expect(await json(get('/data/ip?ip=8.8.8.8'))).toMatchObject({ country_code: 'US' });
  });

  it('says /data/validate/url would not fetch an IPv6 literal carrying a metadata, private or loopback IPv4 address', async () => {
    const key = await generateKey(service.baseUrl);
    const verdicts: [string, boolean, string][] = [];
    for (const url of [
      'https://[::169.254.169.254]/latest/meta-data/',
      'https://[::10.0.0.1]/',
      'https://[::ffff:0:169.254.169.254]/',
      'https://[64:ff9b::10.0.0.1]/',
      'https://[2002:a9fe:a9fe::]/',
      'https://[2001:0:a00:1::f7f7:f7f7]/',
      'https://[::ffff:8.8.8.8]/',
    ]) {
      const body = await json(get(`/data/validate/url?url=${encodeURIComponent(url)}`, key.auth));
      verdicts.push([url, body.fetchable as boolean, body.reason as string]);
    }
    expect(verdicts).toEqual([
      ['https://[::169.254.169.254]/latest/meta-data/', false, expect.stringMatching(/carries 169\.254\.169\.254 \(IPv4-compatible\), a linkLocal/)],
      ['https://[::10.0.0.1]/', false, expect.stringMatching(/carries 10\.0\.0\.1 \(IPv4-compatible\), a private/)],
      ['https://[::ffff:0:169.254.169.254]/', false, expect.stringMatching(/IPv4-translated\), a linkLocal/)],
      ['https://[64:ff9b::10.0.0.1]/', false, expect.stringMatching(/NAT64\), a private/)],
      ['https://[2002:a9fe:a9fe::]/', false, expect.stringMatching(/6to4\), a linkLocal/)],
      ['https://[2001:0:a00:1::f7f7:f7f7]/', false, expect.stringMatching(/Teredo\), a private/)],
      ['https://[::ffff:8.8.8.8]/', true, 'the service would fetch this URL'],
    ]);
  });

  it('validates query parameters before anything runs: a bad one is a 400 in the spec’s shape', async () => {
    const response = await get('/data/holidays?country=France');
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: expect.any(String), hint: expect.stringContaining('country'), docs: expect.any(String) });
  });

  it('offers every data endpoint, /search and /web/search in the OpenAPI document, /discover and the MCP tool list', async () => {
    const paths = registry.filter((e) => e.family === 'data' || e.family === 'search').filter((e) => e.execution !== 'inline');
    expect(paths).toHaveLength(26);
    const openapi = await json(get('/openapi.json'));
    for (const entry of paths) expect([entry.path, Object.keys(openapi.paths[entry.path] ?? {})]).toEqual([entry.path, [entry.method.toLowerCase()]]);
    const discovered = JSON.stringify(await json(get('/discover')));
    for (const entry of paths) expect(discovered).toContain(entry.path);
    // The data group of the MCP server: every data lookup and the web search, on one page.
    const listed = await json(
      fetch(`${service.baseUrl}/mcp?tools=data`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      }),
    );
    expect(listed.result.nextCursor).toBeUndefined();
    const names = (listed.result.tools as { name: string }[]).map((t) => t.name);
    for (const entry of paths) expect(names).toContain(entry.name.replace(/\//g, '_'));
  });
});

describe('/data/screenshot', () => {
  it('stores a 1280 px wide PNG, serves it at its URL, and never lets the browser reach a non-public address', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await get(`/data/screenshot?url=${encodeURIComponent(`${pageBase}/report`)}&height=600`, key.auth);
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ width: 1280, height: 600, title: 'Ledger report', screenshot_id: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(body.screenshot_url).toBe(`http://api.test/data/screenshot/${body.screenshot_id as string}`);
    expect(served).toContain('/report');
    expect(served).not.toContain('/secret.png');

    const image = await get(`/data/screenshot/${body.screenshot_id as string}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 600]);
    expect((await get(`/data/screenshot/${'0'.repeat(64)}`)).status).toBe(404);
  });

  it('refuses a page at a non-public address with a 400 and charges nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    const response = await get(`/data/screenshot?url=${encodeURIComponent(`${hiddenBase}/report?from=screenshot`)}`, key.auth);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'url_refused', error: expect.stringContaining('refused') });
    expect(served).not.toContain('/report?from=screenshot');
    expect(await balanceOf(key)).toBe(before);
  });

  it('answers a page whose server refuses the connection with 502 naming its host (it was a 400), and charges nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    const port = await closedPort();
    const response = await get(`/data/screenshot?url=${encodeURIComponent(`http://127.0.0.1:${port}/report`)}`, key.auth);
    expect(response.status).toBe(502);
    expect(await json(response)).toMatchObject({ code: 'bad_gateway', upstream: `127.0.0.1:${port}`, cause: 'connection_refused' });
    expect(await balanceOf(key)).toBe(before);
  });
});

describe('/data/dns and /data/validate/email: only the resolver’s definite answer is a fact', () => {
  const resolverFailed = (body: Record<string, unknown>) =>
    expect(body).toMatchObject({ code: 'upstream_unavailable', cause: 'resolver_failed', upstream: `the DNS resolver ${dns.address}` });

  it('answers records, and a name the resolver says does not exist (NXDOMAIN) or has no such record (NODATA) as facts, charged', async () => {
    const key = await generateKey(service.baseUrl);
    expect(await json(get('/data/dns?host=web.test', key.auth))).toMatchObject({
      a: ['192.0.2.10'],
      aaaa: ['2001:db8::10'],
      reverse: { '192.0.2.10': ['web.test'] },
    });
    const gone = await get('/data/dns?host=gone.test', key.auth);
    expect(gone.status).toBe(404);
    expect(await json(get('/data/validate/email?email=jane.doe@mail.test', key.auth))).toMatchObject({ valid: true, mail_host: 'mx1.mail.test' });
    expect(await json(get('/data/validate/email?email=jane.doe@gone.test', key.auth))).toMatchObject({ valid: false, syntax_valid: true });
    expect(await json(get('/data/validate/email?email=jane.doe@empty.test', key.auth))).toMatchObject({ valid: false, syntax_valid: true });
  });

  it('answers SERVFAIL as a 503 naming the resolver, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    for (const path of ['/data/dns?host=broken.test', '/data/validate/email?email=jane.doe@broken.test']) {
      const response = await get(path, key.auth);
      expect([path, response.status]).toEqual([path, 503]);
      expect(response.headers.get('retry-after')).not.toBeNull();
      resolverFailed(await json(response));
    }
    expect(await balanceOf(key)).toBe(before);
  });

  it('answers a resolver cut off from the DNS (NXDOMAIN for every name, the root too) with 503, not "may not exist" or valid: false', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    dns.zone = {};
    try {
      const host = await get('/data/dns?host=gmail.com', key.auth);
      expect(host.status).toBe(503);
      resolverFailed(await json(host));
      const email = await get('/data/validate/email?email=jane.doe@gmail.com', key.auth);
      expect(email.status).toBe(503);
      resolverFailed(await json(email));
    } finally {
      dns.zone = ZONE;
    }
    expect(await balanceOf(key)).toBe(before);
  });

  it('answers a resolver that does not answer (time-out), then one that refuses, with 503, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await balanceOf(key);
    dns.mute = true;
    const silent = await get('/data/validate/email?email=jane.doe@gmail.com', key.auth);
    expect(silent.status).toBe(503);
    expect(await json(silent)).toMatchObject({ cause: 'resolver_failed', error: expect.stringContaining('ETIMEOUT') });
    await dns.stop();
    const refused = await get('/data/dns?host=gmail.com', key.auth);
    expect(refused.status).toBe(503);
    expect(await json(refused)).toMatchObject({ cause: 'resolver_failed', error: expect.stringContaining('ECONNREFUSED') });
    expect(await balanceOf(key)).toBe(before);
  });
});
