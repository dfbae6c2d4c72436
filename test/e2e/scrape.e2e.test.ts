import { readStream } from '../../core/eventStore';
import { balanceRow, generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { type BrokenServer, brokenServer, closedPort, NO_SUCH_HOST } from '../support/brokenServers';
import { linkedPage, SiteServer } from '../support/siteServer';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
let site: SiteServer;
/** A site whose robots.txt answers 503 (RFC 9309: assume everything disallowed until it can be read). */
let robotsDown: SiteServer;
let silent: BrokenServer;

const ARTICLE = `<!doctype html><html lang="en"><head><title>Quarterly report</title>
<script>fetch('/tracker?ran=1'); document.title = 'hijacked';</script></head>
<body><nav><a href="/">Home</a></nav><article><h1>Quarterly report</h1>
<p class="byline">By Grace Hopper</p>
<p>Sales grew in every region this quarter. The <a href="/reports/q2.html">second quarter report</a> has the details, and the
<a href="team">team page</a> says who worked on it. The numbers below are in thousands of units sold per region.</p>
<table><tr><th>Region</th><th>Units</th></tr><tr><td>North</td><td>120</td></tr><tr><td>South</td><td>95</td></tr></table>
<p>Next quarter we expect the same growth again, with new stores opening in the east and the west of the country.</p>
<img src="/pixel.png" alt=""></article></body></html>`;

beforeAll(async () => {
  site = await SiteServer.start((base) => ({
    '/report': { body: ARTICLE },
    '/notes.txt': { type: 'text/plain', body: 'Plain notes\nwith two lines' },
    '/image.png': { type: 'image/png', body: 'PNG' },
    '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/' },
    '/to-private': { redirect: 'http://10.0.0.1/admin' },
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /site/private\n' },
    '/site/': { body: linkedPage('Home', ['/site/a', '/site/b', '/site/private', 'https://elsewhere.example/page']) },
    '/site/a': { body: linkedPage('Page A', ['/site/c', '/site/']) },
    '/site/b': { body: linkedPage('Page B', [`${base}/site/a`]) },
    '/site/c': { body: linkedPage('Page C', ['/site/d']) },
    '/site/d': { body: linkedPage('Page D', []) },
    '/site/private': { body: linkedPage('Private', []) },
    '/big/': { body: `${linkedPage('Big', ['/big/a', '/big/b', '/big/c', '/big/d'])}<!-- ${'x'.repeat(4000)} -->` },
    ...Object.fromEntries(['a', 'b', 'c', 'd'].map((name) => [`/big/${name}`, { body: linkedPage(`Big ${name}`, []) }])),
  }));
  robotsDown = await SiteServer.start(() => ({
    '/robots.txt': { status: 503, type: 'text/plain', body: 'down for maintenance' },
    '/': { body: linkedPage('Home', []) },
  }));
  silent = await brokenServer('silent');
  // Development mode lets plain HTTP reach loopback (ALLOW_LOCAL_HTTP); no APIFY_TOKEN here: the platform scrapes are off.
  // A crawl reads at most 5,500 bytes of pages here: the /site pages together are about 2,600. A page has 2 s to answer.
  service = await startTestService({ env: { CRAWL_DELAY_MS: '20', CRAWL_MAX_BYTES: '5500', APIFY_TOKEN: '', SCRAPE_TIMEOUT_SECONDS: '2' } });
});
afterAll(async () => {
  await service.stop();
  await site.stop();
  await robotsDown.stop();
  await silent.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const available = async (key: TestKey) => Number((await balanceRow(service.database.db, key.keyId)).available_micros);

describe('/scrape', () => {
  it('reads a page as markdown with its title, byline, GFM table and absolute links; its scripts never run', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape', { url: `${site.base}/report` }, key.auth);
    expect(response.status).toBe(200);
    const page = await json(response);
    expect(page).toMatchObject({ url: `${site.base}/report`, title: 'Quarterly report', byline: 'By Grace Hopper', content_type: 'text/html', lang: 'en' });
    expect(page.markdown).toMatch(/\| Region \| Units \|\n\| -+ \| -+ \|\n\| North \| 120 \|/);
    expect(page.links).toEqual([
      { text: 'second quarter report', url: `${site.base}/reports/q2.html` },
      { text: 'team page', url: `${site.base}/team` },
    ]);
    expect(page.word_count).toBeGreaterThan(40);
    expect(page._meta).toMatchObject({ endpoint: '/scrape', model: 'scraper/readability' });
    expect(site.served.filter((p) => p.startsWith('/tracker') || p === '/pixel.png')).toEqual([]);
    expect(JSON.stringify(page)).not.toContain('hijacked');
    expect(await available(key)).toBe(250_000 - 30_000);
  });

  it('reads plain text as it is', async () => {
    const key = await generateKey(service.baseUrl);
    const page = await json(post('/scrape', { url: `${site.base}/notes.txt` }, key.auth));
    expect(page).toMatchObject({ title: 'Plain notes', markdown: 'Plain notes\nwith two lines', content_type: 'text/plain' });
  });

  it('refuses metadata and private addresses, and redirects to them, before reading anything, and charges nothing', async () => {
    const key = await generateKey(service.baseUrl);
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', `${site.base}/to-metadata`, `${site.base}/to-private`]) {
      const response = await post('/scrape', { url }, key.auth);
      expect([url, response.status]).toEqual([url, 400]);
      expect((await json(response)).error).toMatch(/^url refused/);
    }
    const image = await json(post('/scrape', { url: `${site.base}/image.png` }, key.auth));
    expect(image.error).toBe('url is image/png, not a web page or text');
    expect(await available(key)).toBe(250_000);
  });

  it('is premium: without a key, where x402 is off (as here), every scrape is a 403', async () => {
    for (const [path, body] of [
      ['/scrape', { url: `${site.base}/report` }],
      ['/scrape/web', { urls: [`${site.base}/report`] }],
      ['/scrape/website', { url: `${site.base}/site/` }],
      ['/scrape/actor', { actor: 'apify~hello-world' }],
    ] as const) {
      const response = await post(path, body);
      expect([path, response.status]).toEqual([path, 403]);
    }
    expect(site.served.filter((p) => p.startsWith('/site'))).toEqual([]);
  });
});

describe('/scrape/web', () => {
  it('reads several pages and reports the one that fails in place; the call is charged once', async () => {
    const key = await generateKey(service.baseUrl);
    const body = await json(post('/scrape/web', { urls: [`${site.base}/report`, `${site.base}/missing`, `${site.base}/notes.txt`] }, key.auth));
    expect(body).toMatchObject({ count: 3, failed: 1 });
    expect(body.pages.map((p: { title?: string; ok?: boolean }) => p.title ?? p.ok)).toEqual(['Quarterly report', false, 'Plain notes']);
    expect(body.pages[1]).toEqual({ url: `${site.base}/missing`, ok: false, error: 'urls[1] answered HTTP 404' });
    expect(await available(key)).toBe(250_000 - 30_000);
  });

  it('fails, charging nothing, when no page can be read', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape/web', { urls: ['http://169.254.169.254/', `${site.base}/missing`] }, key.auth);
    expect(response.status).toBe(400);
    expect(await available(key)).toBe(250_000);
  });
});

describe('/scrape/website', () => {
  it('crawls breadth-first within max_depth, never fetches what robots.txt disallows or another origin, and stores every page', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape/website', { url: `${site.base}/site/`, max_pages: 10, max_depth: 2 }, key.auth);
    expect(response.status).toBe(200);
    const crawl = await json(response);
    expect(crawl.pages.map((p: { url: string; depth: number }) => [p.url.replace(site.base, ''), p.depth])).toEqual([
      ['/site/', 0],
      ['/site/a', 1],
      ['/site/b', 1],
      ['/site/c', 2],
    ]);
    expect(crawl).toMatchObject({ pages_crawled: 4, skipped: { robots: 1, failed: 0 }, stopped_by: 'done', crawl_id: expect.any(String) });
    expect(crawl.pages[1]).toMatchObject({ title: 'Page A', truncated: false, markdown: expect.stringContaining('Page A is a page of the test site') });
    expect(site.hits('/site/private')).toBe(0);
    expect(site.hits('/site/d')).toBe(0); // depth 3
    expect(site.hits('/site/a')).toBe(1);
    const stored = await service.database.db.selectFrom('scraped_pages').select(['url']).where('crawl_id', '=', crawl.crawl_id).execute();
    expect(stored).toHaveLength(4);
    expect(crawl._meta).toMatchObject({ model: 'crawler/readability' });
    expect(await available(key)).toBe(250_000 - 30_000);
  });

  it('stops at max_pages, and at max_depth 0 reads the start page only', async () => {
    const key = await generateKey(service.baseUrl);
    const capped = await json(post('/scrape/website', { url: `${site.base}/site/`, max_pages: 2 }, key.auth));
    expect(capped).toMatchObject({ pages_crawled: 2, stopped_by: 'max_pages' });
    const shallow = await json(post('/scrape/website', { url: `${site.base}/site/`, max_depth: 0 }, key.auth));
    expect(shallow).toMatchObject({ pages_crawled: 1, stopped_by: 'done' });
  });

  it('stops once the pages it read reach the byte cap (CRAWL_MAX_BYTES)', async () => {
    const key = await generateKey(service.baseUrl);
    const crawl = await json(post('/scrape/website', { url: `${site.base}/big/`, max_pages: 10 }, key.auth));
    expect(crawl).toMatchObject({ pages_crawled: 3, stopped_by: 'max_bytes' });
    expect(crawl.bytes).toBeGreaterThanOrEqual(5500);
    expect([site.hits('/big/c'), site.hits('/big/d')]).toEqual([0, 0]);
  });

  it('fails and refunds when the start page cannot be read (a refused address), saying it was refused, not that robots.txt disallows it', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape/website', { url: 'http://169.254.169.254/latest/' }, key.auth);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toMatchObject({ code: 'url_refused', error: expect.stringMatching(/^url refused: /) });
    expect(body.error).not.toContain('robots.txt');
    const money = await readStream(service.database.db, `account-${key.keyId}`);
    expect(money.map((e) => e.type).filter((t) => t.startsWith('Charge'))).toEqual(['ChargeReserved', 'ChargeRefunded']);
    expect(await available(key)).toBe(250_000);
  });
});

describe('a site that cannot be reached is the upstream’s fault, never the caller’s: 502/503/504 naming the host and cause, nothing charged', () => {
  it('/scrape of a port nobody listens on: 502 connection_refused (it was a 400 "send a public page")', async () => {
    const key = await generateKey(service.baseUrl);
    const port = await closedPort();
    const response = await post('/scrape', { url: `http://127.0.0.1:${port}/report` }, key.auth);
    expect(response.status).toBe(502);
    expect(await json(response)).toMatchObject({
      code: 'bad_gateway',
      upstream: `127.0.0.1:${port}`,
      cause: 'connection_refused',
      error: `url (127.0.0.1:${port}) could not be reached: the connection was refused (ECONNREFUSED)`,
      hint: expect.stringContaining('Nothing was charged'),
    });
    expect(await available(key)).toBe(250_000);
  });

  it('/scrape of a host that does not resolve, and of a server whose TLS cannot be trusted: 502 saying which', async () => {
    const key = await generateKey(service.baseUrl);
    const nowhere = await post('/scrape', { url: `https://${NO_SUCH_HOST}/page` }, key.auth);
    expect(nowhere.status).toBe(502);
    expect(await json(nowhere)).toMatchObject({ code: 'bad_gateway', upstream: NO_SUCH_HOST, cause: 'no_such_host' });
    // TLS spoken to a plain HTTP server: no TLS session at all.
    const tls = await post('/scrape', { url: `${site.base.replace('http:', 'https:')}/report` }, key.auth);
    expect(tls.status).toBe(502);
    expect(await json(tls)).toMatchObject({ code: 'bad_gateway', cause: 'tls_failed' });
    expect(await available(key)).toBe(250_000);
  });

  it('/scrape of a server that never answers: 504 upstream_timeout, after the retries', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape', { url: `${silent.base}/report` }, key.auth);
    expect(response.status).toBe(504);
    expect(await json(response)).toMatchObject({ code: 'upstream_timeout', upstream: `127.0.0.1:${silent.port}`, cause: 'timeout' });
    // Three attempts (a time-out may pass), each of which may open more than one connection.
    expect(silent.connections).toBeGreaterThanOrEqual(3);
    expect(await available(key)).toBe(250_000);
  });

  it('/scrape/web: an unreachable page is reported in place; when none can be read, the call is a 502', async () => {
    const key = await generateKey(service.baseUrl);
    const port = await closedPort();
    const mixed = await json(post('/scrape/web', { urls: [`${site.base}/report`, `http://127.0.0.1:${port}/x`] }, key.auth));
    expect(mixed).toMatchObject({ count: 2, failed: 1 });
    expect(mixed.pages[1]).toEqual({
      url: `http://127.0.0.1:${port}/x`,
      ok: false,
      error: `urls[1] (127.0.0.1:${port}) could not be reached: the connection was refused (ECONNREFUSED)`,
    });
    const none = await post('/scrape/web', { urls: [`http://127.0.0.1:${port}/a`, `https://${NO_SUCH_HOST}/b`] }, key.auth);
    expect(none.status).toBe(502);
    expect(await available(key)).toBe(250_000 - 30_000);
  });

  it('/scrape/website of a site that cannot be reached says robots.txt could not be fetched (it said "robots.txt disallows it")', async () => {
    const key = await generateKey(service.baseUrl);
    const port = await closedPort();
    const response = await post('/scrape/website', { url: `http://127.0.0.1:${port}/` }, key.auth);
    expect(response.status).toBe(502);
    const body = await json(response);
    expect(body).toMatchObject({
      code: 'bad_gateway',
      cause: 'connection_refused',
      upstream: `127.0.0.1:${port}`,
      error: `robots.txt of http://127.0.0.1:${port} could not be reached: the connection was refused (ECONNREFUSED)`,
      hint: expect.stringContaining('RFC 9309'),
    });
    expect(body.error).not.toContain('disallows');
    expect(await available(key)).toBe(250_000);
  });

  it('/scrape/website whose robots.txt answers 503: 503 upstream_unavailable with Retry-After, and no page is fetched (RFC 9309)', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape/website', { url: `${robotsDown.base}/` }, key.auth);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).not.toBeNull();
    const body = await json(response);
    expect(body).toMatchObject({ code: 'upstream_unavailable', error: expect.stringContaining(`robots.txt of ${robotsDown.base}: answered HTTP 503`) });
    expect(body.error).toContain('RFC 9309');
    expect(robotsDown.hits('/')).toBe(0);
    expect(await available(key)).toBe(250_000);
  });
});

describe('platform scrapes without a platform token', () => {
  it('answer 503 naming APIFY_TOKEN, before anything is held', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/scrape/maps', { query: 'coffee', location: 'Lisbon' }, key.auth);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(await json(response)).toMatchObject({
      error: expect.stringContaining('APIFY_TOKEN'),
      settings: ['APIFY_TOKEN'],
      code: 'not_configured',
      status: 'not_configured',
    });
    expect(await available(key)).toBe(250_000);
  });
});
