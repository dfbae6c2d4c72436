import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedCatalogue } from '../../core/catalog/seedCatalogue';
import { readStream } from '../../core/eventStore';
import type { CatalogListing } from '../../schema/catalog/catalogListing';
import { balanceRow, generateKey, type TestKey } from '../support/accounts';
import { closedPort } from '../support/brokenServers';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/** An API on loopback as a catalogued upstream (and the directory a discovery run reads), recording what it served. */
let upstream: http.Server;
let base = '';
const served: string[] = [];
let service: TestService;
/** Holds the directory's first document back until the test has seen the run in progress. */
let releaseFirstSpec: () => void = () => undefined;
const firstSpecReleased = new Promise<void>((resolve) => (releaseFirstSpec = resolve));

const listing = (id: string, fields: Partial<CatalogListing>): CatalogListing => ({
  id,
  title: id,
  description: '',
  categories: [],
  baseUrl: null,
  auth: 'none',
  docsUrl: null,
  specUrl: null,
  licence: null,
  sourceUpdated: null,
  source: 'test',
  ...fields,
});
const FILLERS = ['filler-1', 'filler-2', 'filler-3', 'filler-4', 'filler-5'];
const listings = () => [
  listing('local.test:items', {
    title: 'Local items',
    description: 'Items of the local test API, with a description long enough to count as documentation on its own.',
    categories: ['open_data', 'testing'],
    baseUrl: `${base}/api`,
  }),
  listing('metadata.test', { title: 'Metadata', categories: ['cloud'], baseUrl: 'http://169.254.169.254/latest' }),
  listing('private.test', { title: 'Private', categories: ['cloud'], baseUrl: 'http://10.1.2.3/api', auth: 'apiKey' }),
  ...FILLERS.map((id) =>
    listing(id, { title: `Media ${id}`, categories: ['media'], baseUrl: `https://${id}.example`, auth: 'oauth2', docsUrl: 'https://docs.example' }),
  ),
];

const spec = (title: string, server: string) => ({
  openapi: '3.0.0',
  info: { title, description: `${title}, found by discovery.`, 'x-apisguru-categories': ['discovered'] },
  externalDocs: { url: 'https://docs.example/discovered' },
  servers: [{ url: server }],
});
const directory = () => ({
  'local.test:items': {
    preferred: '1',
    versions: { '1': { info: { title: 'Local items v2' }, updated: '2025-02-01T00:00:00Z', swaggerUrl: `${base}/specs/local.json` } },
  },
  'new.test': { preferred: '2', versions: { '1': {}, '2': { info: { title: 'New' }, updated: '2025-02-01T00:00:00Z', swaggerUrl: `${base}/specs/new.json` } } },
  'gone.test:svc': { versions: { '1': { info: { title: 'Gone' }, updated: '2025-02-01T00:00:00Z', swaggerUrl: `${base}/specs/gone.json` } } },
});

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    served.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      switch (url.pathname) {
        case '/api':
        case '/api/':
          return send(200, { api: 'local' });
        case '/api/items':
          return send(200, { items: ['a', 'b', 'c'].slice(0, Number(url.searchParams.get('limit') ?? 3)), key: request.headers['x-api-key'] ?? null });
        case '/api/echo':
          return send(201, { method: request.method, received: JSON.parse(raw || 'null') });
        case '/api/big':
          return send(200, { blob: 'x'.repeat(5000) });
        case '/api/to-metadata':
          return void response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
        case '/directory/list.json':
          return send(200, directory());
        case '/specs/local.json':
          return send(200, spec('Local items v2', `${base}/api`));
        case '/specs/new.json':
          return send(200, spec('New', `${base}/api`));
        case '/specs/gone.json':
          return void firstSpecReleased.then(() => send(200, spec('Gone', 'http://127.0.0.1:1/v1')));
        default:
          return send(404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  service = await startTestService({ env: { CATALOG_RESPONSE_MAX_BYTES: '2048', CATALOG_PROBE_TIMEOUT_SECONDS: '2' } });
  await seedCatalogue(service.database.store, listings());
  // Async read model: catch-up waits for the cluster's oldest open transaction (other test files' too).
  await waitFor(async () => (await json(fetch(`${service.baseUrl}/catalog`))).total === 8, 'the catalogue read model', 60_000);
});
afterAll(async () => {
  releaseFirstSpec();
  await service.stop();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const get = (path: string) => fetch(`${service.baseUrl}${path}`);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const ids = (body: { entries: { id: string }[] }) => body.entries.map((e) => e.id);
const available = async (key: TestKey) => Number((await balanceRow(service.database.db, key.keyId)).available_micros);

describe('GET /catalog', () => {
  it('filters by category, auth, least quality score and text', async () => {
    expect(ids(await json(get('/catalog?category=cloud')))).toEqual(['metadata.test', 'private.test']);
    expect(ids(await json(get('/catalog?auth=apiKey')))).toEqual(['private.test']);
    expect(ids(await json(get('/catalog?min_score=70')))).toEqual(FILLERS);
    expect(ids(await json(get('/catalog?q=local%20items')))).toEqual(['local.test:items']);
    // The id named first; the other fillers, alike in meaning, may follow once embedded (search by meaning is hybrid).
    expect(ids(await json(get('/catalog?category=media&q=filler-3')))[0]).toBe('filler-3');
    const local = (await json(get('/catalog?q=local'))).entries[0];
    expect(local).toMatchObject({ quality_score: 30 + 25 + 10, https: false, health: 'unknown', auth: 'none', categories: ['open_data', 'testing'] });
  });

  it('pages through every entry once, best scored first, with the total and the categories', async () => {
    const first = await json(get('/catalog?per_page=3'));
    expect(first).toMatchObject({ total: 8, page: 1, per_page: 3, pages: 3, scoring: expect.stringContaining('quality_score') });
    expect(first.categories).toEqual(
      expect.arrayContaining([
        { category: 'media', count: 5 },
        { category: 'cloud', count: 2 },
      ]),
    );
    const seen = [...ids(first)];
    for (const page of [2, 3]) seen.push(...ids(await json(get(`/catalog?per_page=3&page=${page}`))));
    expect(seen).toEqual([...FILLERS, 'local.test:items', 'metadata.test', 'private.test']);
    expect((await get('/catalog?per_page=0')).status).toBe(400);
  });

  it('answers one entry by id, and 404 for an unknown one', async () => {
    expect(await json(get('/catalog/local.test:items'))).toMatchObject({ id: 'local.test:items', base_url: `${base}/api`, source: 'test' });
    expect((await get('/catalog/nope.test')).status).toBe(404);
  });

  it('is seeded once: seeding the same listings again adds nothing', async () => {
    expect(await seedCatalogue(service.database.store, listings())).toEqual({ added: 0, present: 8 });
    expect(await readStream(service.database.db, 'catalog-filler-1')).toHaveLength(1);
  });
});

describe('POST /catalog/{id}/invoke', () => {
  it("calls below the API's base URL, passes the upstream's status and answer on, and charges its price", async () => {
    const key = await generateKey(service.baseUrl);
    const ok = await json(
      post('/catalog/local.test:items/invoke', { path: '/items', query: { limit: 2 }, headers: { 'X-Api-Key': 'k1', Host: 'evil' } }, key.auth),
    );
    expect(ok).toMatchObject({ api_id: 'local.test:items', url: `${base}/api/items?limit=2`, status: 200, ok: true, data: { items: ['a', 'b'], key: 'k1' } });
    const missing = await json(post('/catalog/local.test:items/invoke', { path: '/nothing' }, key.auth));
    expect(missing).toMatchObject({ status: 404, ok: false, data: { error: 'not found' } });
    const echoed = await json(post('/catalog/local.test:items/invoke', { path: '/echo', method: 'POST', body: { n: 1 } }, key.auth));
    expect(echoed).toMatchObject({ status: 201, data: { method: 'POST', received: { n: 1 } } });
    expect(await available(key)).toBe(250_000 - 3 * 10_000);
  });

  it('refuses an answer over the size limit, a path that climbs out, and an unknown API, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const big = await post('/catalog/local.test:items/invoke', { path: '/big' }, key.auth);
    expect([big.status, (await json(big)).error]).toEqual([400, 'the API answered more than 2048 bytes']);
    expect((await post('/catalog/local.test:items/invoke', { path: '/../directory/list.json' }, key.auth)).status).toBe(400);
    expect(await available(key)).toBe(250_000);
  });

  it('answers an unknown API with a 404, as GET /catalog/{id} does, before anyone is asked to pay', async () => {
    const key = await generateKey(service.baseUrl);
    const expected = {
      code: 'not_found',
      error: 'no API "nope.test" in the catalogue',
      suggestion: 'GET /catalog lists the catalogue ids.',
      docs: expect.any(String),
    };
    for (const [path, body] of [
      ['/catalog/nope.test/invoke', {}],
      ['/api-call', { api_id: 'nope.test', path: '/items' }],
      ['/api-call', { id: 'nope.test' }],
    ] as const) {
      for (const auth of [key.auth, {}]) {
        const response = await post(path, body, auth);
        expect([path, response.status, await json(response)]).toEqual([path, 404, expected]);
      }
    }
    expect((await get('/catalog/nope.test')).status).toBe(404);
    expect(await available(key)).toBe(250_000);
  });

  it('refuses metadata and private addresses and redirects to them (SSRF), charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    for (const [id, path] of [
      ['metadata.test', '/meta-data/'],
      ['private.test', '/admin'],
      ['local.test:items', '/to-metadata'],
    ]) {
      const response = await post(`/catalog/${id}/invoke`, { path }, key.auth);
      expect([id, response.status]).toEqual([id, 400]);
      expect(await json(response)).toMatchObject({ code: 'url_refused', error: expect.stringMatching(/^url refused/) });
    }
    expect(await available(key)).toBe(250_000);
  });

  it('needs payment: 402 without a key', async () => {
    expect((await post('/catalog/local.test:items/invoke', { path: '/items' })).status).toBe(402);
  });

  it('answers an API whose host does not resolve with 502 naming it (it was a 400 blaming the caller), charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/catalog/filler-1/invoke', { path: '/media' }, key.auth);
    expect(response.status).toBe(502);
    expect(await json(response)).toMatchObject({ code: 'bad_gateway', upstream: 'filler-1.example', cause: 'no_such_host' });
    expect(await available(key)).toBe(250_000);
  });
});

describe('/api-call', () => {
  it('calls an API by url and enriches its answer with a tool (summarize), for one charge', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/api-call', { url: `${base}/api`, path: '/items', params: { limit: 3 }, enrich: true, model: 'local' }, key.auth);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      api_id: null,
      status: 200,
      data: { items: ['a', 'b', 'c'] },
      enrichment: { tool: 'summarize', result: { summary: expect.any(String) } },
    });
    expect(body.enrichment.model).toMatch(/^local\//);
    expect(await available(key)).toBe(250_000 - 50_000);
  });

  it('calls a catalogued API by api_id without enrichment', async () => {
    const key = await generateKey(service.baseUrl);
    expect(await json(post('/api-call', { api_id: 'local.test:items', path: '/items', params: { limit: 1 } }, key.auth))).toMatchObject({
      api_id: 'local.test:items',
      data: { items: ['a'] },
    });
  });

  it('answers an API that refuses the connection with 502, a POST tried once, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const port = await closedPort();
    for (const method of ['GET', 'POST']) {
      const response = await post('/api-call', { url: `http://127.0.0.1:${port}/api`, path: '/items', method }, key.auth);
      expect([method, response.status]).toEqual([method, 502]);
      expect(await json(response)).toMatchObject({ code: 'bad_gateway', upstream: `127.0.0.1:${port}`, cause: 'connection_refused' });
    }
    expect(await available(key)).toBe(250_000);
  });

  it('refuses metadata and private addresses and redirects to them, and an enrichment tool that takes no text, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const before = served.length;
    for (const body of [{ url: 'http://169.254.169.254/latest' }, { url: 'http://10.0.0.1/' }, { url: `${base}/api`, path: '/to-metadata' }]) {
      const response = await post('/api-call', body, key.auth);
      expect([body, response.status]).toEqual([body, 400]);
    }
    const wrongTool = await post('/api-call', { url: `${base}/api`, enrich: 'discover' }, key.auth);
    expect([wrongTool.status, (await json(wrongTool)).error]).toEqual([400, 'enrich: "discover" is not a tool that takes text']);
    expect(served.slice(before)).toEqual(['GET /api/to-metadata']);
    expect(await available(key)).toBe(250_000);
  });
});

describe('POST /run-discovery', () => {
  it('is for the operator only', async () => {
    expect((await post('/run-discovery', {})).status).toBe(401);
    expect((await post('/run-discovery', {}, { 'X-Admin-Token': 'wrong' })).status).toBe(401);
  });

  it('refuses a key holder without the operator token before reading their idempotency key (401, not a 409 for a reused key)', async () => {
    const key = await generateKey(service.baseUrl);
    const idempotency = { ...key.auth, 'Idempotency-Key': `reused-${Date.now()}` };
    expect((await post('/sentiment', { text: 'Fine.' }, idempotency)).status).toBe(200);
    const refused = await post('/run-discovery', { limit: 1 }, idempotency);
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ error: 'operator only: send the operator token as X-Admin-Token' });
  });

  it('imports the directory as a workflow with progress: new APIs listed, a changed one revised, each probed for health', async () => {
    const admin = { 'X-Admin-Token': service.config.adminToken };
    const started = await json(post('/run-discovery', { source_url: `${base}/directory/list.json` }, admin));
    expect(started).toMatchObject({ status: 'running', workflow_id: `discovery-${started.discovery_id}` });
    const statusOf = async () => json(fetch(`${service.baseUrl}/run-discovery/${started.discovery_id}`, { headers: admin }));
    // The first entry's document is held back: meanwhile the workflow's progress query answers.
    const running = await waitFor(
      async () => {
        const status = await statusOf();
        return status.phase === 'importing' ? status : null;
      },
      'the run to be importing',
      60_000,
    );
    expect(running).toMatchObject({ status: 'running', total: 3, processed: 0 });
    releaseFirstSpec();
    const done = await waitFor(
      async () => {
        const status = await statusOf();
        return status.status === 'completed' ? status : null;
      },
      'the discovery run',
      60_000,
    );
    expect(done).toMatchObject({ total: 3, processed: 3, added: 2, updated: 1, unchanged: 0, failed: 0, phase: 'done' });
    const entry = await waitFor(
      async () => {
        const found = await json(get('/catalog/new.test'));
        return found.health === 'up' ? found : null;
      },
      'the new entry, probed',
      60_000,
    );
    expect(entry).toMatchObject({ title: 'New', base_url: `${base}/api`, categories: ['discovered'], docs_url: 'https://docs.example/discovered' });
    expect(entry.quality_score).toBe(30 + 0 + 25 + 20);
    await waitFor(async () => (await json(get('/catalog/gone.test:svc'))).health === 'down', 'the unreachable entry, probed', 60_000);
    await waitFor(async () => (await json(get('/catalog/local.test:items'))).title === 'Local items v2', 'the revised entry', 60_000);
    const history = (await readStream(service.database.db, 'catalog-local.test:items')).map((e) => e.type);
    expect(history).toEqual(['CatalogEntryListed', 'CatalogEntryRevised', 'CatalogEntryProbed']);
    expect(await service.database.db.selectFrom('catalog_discovery_items').selectAll().execute()).toEqual([]);
  });
});
