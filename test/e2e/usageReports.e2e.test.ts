import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { outputProblems } from '../support/registryOutput';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
let key: TestKey;

const get = (path: string, who: TestKey | null = key) => fetch(`${service.baseUrl}${path}`, { headers: who?.auth ?? {} });
const call = (path: string, body: unknown) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...key.auth }, body: JSON.stringify(body) });

beforeAll(async () => {
  service = await startTestService({ env: modelEnv() });
  key = await generateKey(service.baseUrl);
  for (const text of ['Great service.', 'Slow refunds.', 'Fine app.']) expect((await call('/sentiment', { text })).status).toBe(200);
  for (const text of ['Ledgers record every change.', 'Workflows resume after a crash.']) expect((await call('/keywords', { text })).status).toBe(200);
  // A call's row appears when it starts and gets its charge when it completes: wait for all five to be completed.
  await waitFor(
    async () => (await json(get('/api/usage/calls?limit=100&status=completed'))).calls.length === 5,
    'the calls read model to hold the five completed calls',
    30_000,
  );
});
afterAll(() => service.stop());

describe('GET /api/usage/daily', () => {
  it('gives every day of the window, today holding the calls and spend, and the spend per tool', async () => {
    const body = await json(get('/api/usage/daily?days=7'));
    expect(outputProblems('api/usage/daily', body)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.days).toHaveLength(7);
    expect(body.to).toBe(today);
    expect(body.days.at(-1)).toMatchObject({ day: today, calls: 5, failed: 0 });
    expect(body.days.slice(0, -1).every((d: { calls: number }) => d.calls === 0)).toBe(true);
    const account = await json(get('/auth/status'));
    expect(body.total).toEqual({ calls: 5, spent_usd: Math.round((0.25 - account.balance_usd) * 1e6) / 1e6 });
    expect(body.tools.map((t: { tool: string; calls: number }) => [t.tool, t.calls])).toEqual([
      ['sentiment', 3],
      ['keywords', 2],
    ]);
  });

  it('needs a key, and shows another key nothing of this one', async () => {
    expect((await get('/api/usage/daily', null)).status).toBe(401);
    const other = await generateKey(service.baseUrl);
    expect((await json(get('/api/usage/daily', other))).total).toEqual({ calls: 0, spent_usd: 0 });
  });
});

describe('GET /api/usage/calls', () => {
  it('pages through the calls newest first, each once, until next_cursor is null', async () => {
    const seen: { call_id: string; started_at: string }[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await json(get(`/api/usage/calls?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      expect(outputProblems('api/usage/calls', page)).toEqual([]);
      sizes.push(page.calls.length);
      seen.push(...page.calls);
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(new Set(seen.map((c) => c.call_id)).size).toBe(5);
    const starts = seen.map((c) => Date.parse(c.started_at));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  it('filters by tool and status, and reports each call’s cost, tokens and model', async () => {
    const { calls } = await json(get('/api/usage/calls?tool=keywords&status=completed'));
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ tool: 'keywords', status: 'completed', model: 'local/rake', cost_usd: expect.any(Number) });
    expect(calls[0].tokens.output).toBeGreaterThan(0);
  });

  it('refuses a cursor it did not give, naming the field', async () => {
    const response = await get('/api/usage/calls?cursor=not-a-cursor');
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: 'cursor is not one this endpoint gave', hint: expect.any(String) });
  });
});

describe('pages and their scripts', () => {
  it('serves the dashboard page and the scripts from this service, compressed when asked', async () => {
    const page = await get('/dashboard', null);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<script src="assets/chart.js"></script>');
    const chart = await request(`${service.baseUrl}/assets/chart.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-encoding']).toBe('gzip');
    expect(chart.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(Buffer.from(await chart.body.arrayBuffer())).toString('utf8')).toContain('Chart.js');
    const reference = await request(`${service.baseUrl}/assets/api-reference.js`);
    expect(reference.headers['content-encoding']).toBeUndefined();
    expect((await reference.body.text()).length).toBeGreaterThan(1_000_000);
    expect((await get('/assets/secrets.json', null)).status).toBe(404);
    expect((await get('/assets/..%2Fpackage.json', null)).status).toBe(404);
  });
});
