import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readStream } from '../../core/eventStore';
import { balanceRow, generateKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

/**
 * A loopback server speaking Apify's REST API (v2) as the adapter uses it: start a run, read it, abort it, read its
 * default dataset. Each actor id behaves as a test needs: succeeds after two polls, fails, never finishes, or is unknown.
 */
interface PlatformRun {
  id: string;
  actor: string;
  input: Record<string, unknown>;
  query: URLSearchParams;
  polls: number;
  aborted: boolean;
}
const TOKEN = 'apify-test-token';
const runs: PlatformRun[] = [];
const refusedTokens: string[] = [];
const PLACES = [
  { title: 'Café A', address: 'Rua 1, Lisboa', totalScore: 4.6 },
  { title: 'Café B', address: 'Rua 2, Lisboa', totalScore: 4.2 },
  { title: 'Café C', address: 'Rua 3, Lisboa', totalScore: 3.9 },
];

function runData(run: PlatformRun) {
  const status = run.aborted
    ? 'ABORTED'
    : run.actor === 'acme~slow'
      ? 'RUNNING'
      : run.polls < 2
        ? 'RUNNING'
        : run.actor === 'acme~failing'
          ? 'FAILED'
          : 'SUCCEEDED';
  return {
    data: {
      id: run.id,
      actId: run.actor,
      status,
      statusMessage: status === 'FAILED' ? 'The actor crashed: input URL unreachable' : null,
      startedAt: '2025-01-01T00:00:00.000Z',
      finishedAt: status === 'RUNNING' ? null : '2025-01-01T00:00:09.000Z',
      defaultDatasetId: `ds-${run.id}`,
    },
  };
}

let platform: http.Server;
let platformUrl: string;
let service: TestService;

beforeAll(async () => {
  platform = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://platform');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      refusedTokens.push(String(request.headers.authorization));
      return send(401, { error: { type: 'token-not-valid', message: 'Authentication token is not valid.' } });
    }
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const start = url.pathname.match(/^\/v2\/acts\/([^/]+)\/runs$/);
      if (start && request.method === 'POST') {
        const actor = decodeURIComponent(start[1]!);
        if (actor === 'acme~missing') return send(404, { error: { type: 'record-not-found', message: 'Actor was not found' } });
        const run: PlatformRun = { id: `run${runs.length + 1}`, actor, input: JSON.parse(raw || '{}'), query: url.searchParams, polls: 0, aborted: false };
        runs.push(run);
        return send(201, runData(run));
      }
      const get = url.pathname.match(/^\/v2\/actor-runs\/([^/]+)(\/abort)?$/);
      const run = get && runs.find((r) => r.id === get[1]);
      if (run && get?.[2] && request.method === 'POST') {
        run.aborted = true;
        return send(200, runData(run));
      }
      if (run && request.method === 'GET') {
        run.polls++;
        return send(200, runData(run));
      }
      const items = url.pathname.match(/^\/v2\/datasets\/ds-([^/]+)\/items$/);
      if (items && request.method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? 1000);
        return send(200, PLACES.slice(0, limit), { 'X-Apify-Pagination-Total': String(PLACES.length) });
      }
      send(404, { error: { type: 'page-not-found', message: 'not here' } });
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  service = await startTestService({
    env: { APIFY_TOKEN: TOKEN, APIFY_BASE_URL: platformUrl, APIFY_POLL_SECONDS: '1', APIFY_RUN_TIMEOUT_SECONDS: '5' },
  });
});
afterAll(async () => {
  await service.stop();
  platform.closeAllConnections();
  await new Promise((resolve) => platform.close(resolve));
});

const post = (path: string, body: unknown, headers: Record<string, string>, requestId?: string) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers, ...(requestId ? { 'X-Request-Id': requestId } : {}) },
    body: JSON.stringify(body),
  });

/** The money events of the call this key made with this request id (the id in the key's account's namespace). */
async function chargesOf(keyId: string, requestId: string): Promise<string[]> {
  const callId = keyCallId(keyId, requestId);
  const events = await readStream(service.database.db, `account-${keyId}`);
  return events.filter((e) => 'callId' in e.data && e.data.callId === callId).map((e) => e.type);
}

describe('platform scrapes on the scraping-actor platform', () => {
  it('/scrape/maps starts the maps actor with its input, polls on a timer until the run succeeds, and answers its dataset', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = `maps-${Date.now()}`;
    const response = await post('/scrape/maps', { query: 'coffee', location: 'Lisbon, Portugal', max_results: 10 }, key.auth, requestId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ actor: 'compass~crawler-google-places', status: 'SUCCEEDED', items: PLACES, item_count: 3, truncated: false });
    const run = runs.find((r) => r.id === body.run_id)!;
    expect(run.input).toEqual({ searchStringsArray: ['coffee'], locationQuery: 'Lisbon, Portugal', maxCrawledPlacesPerSearch: 10, language: 'en' });
    expect(run.query.get('timeout')).toBe('5');
    expect(run.polls).toBe(2);
    expect(body._meta).toMatchObject({ model: 'apify/compass~crawler-google-places' });

    const history = await service.client.workflow.getHandle(`actor-run-${keyCallId(key.keyId, requestId)}`).fetchHistory();
    expect((history.events ?? []).filter((e) => e.timerStartedEventAttributes).length).toBe(2);
    expect(await chargesOf(key.keyId, requestId)).toEqual(['ChargeReserved', 'ChargeSettled']);
    expect(Number((await balanceRow(service.database.db, key.keyId)).available_micros)).toBe(250_000 - 50_000);
  });

  it('/scrape/actor answers at most max_items and says the dataset held more', async () => {
    const key = await generateKey(service.baseUrl);
    const body = await json(post('/scrape/actor', { actor: 'acme/places', input: { q: 'x' }, max_items: 2 }, key.auth));
    expect(body).toMatchObject({ actor: 'acme/places', item_count: 2, truncated: true });
    expect(runs.at(-1)).toMatchObject({ actor: 'acme~places', input: { q: 'x' } });
  });

  it("maps the platform's failed run to a clear error and charges nothing", async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = `failing-${Date.now()}`;
    const response = await post('/scrape/actor', { actor: 'acme~failing', input: {} }, key.auth, requestId);
    expect(response.status).toBe(503);
    expect((await json(response)).error).toMatch(/ended FAILED: The actor crashed: input URL unreachable$/);
    expect(await chargesOf(key.keyId, requestId)).toEqual(['ChargeReserved', 'ChargeRefunded']);
  });

  it('aborts a run that outlives its time-out, and charges nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = `slow-${Date.now()}`;
    const response = await post('/scrape/actor', { actor: 'acme~slow' }, key.auth, requestId);
    expect(response.status).toBe(503);
    expect((await json(response)).error).toMatch(/did not finish within 5 s and was aborted$/);
    expect(runs.find((r) => r.actor === 'acme~slow')?.aborted).toBe(true);
    expect(await chargesOf(key.keyId, requestId)).toEqual(['ChargeReserved', 'ChargeRefunded']);
  });

  it("answers 400 with the platform's reason for an unknown actor, and charges nothing", async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = `missing-${Date.now()}`;
    const response = await post('/scrape/actor', { actor: 'acme~missing' }, key.auth, requestId);
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('the scraping platform answered HTTP 404 (record-not-found: Actor was not found)');
    expect(await chargesOf(key.keyId, requestId)).toEqual(['ChargeReserved', 'ChargeRefunded']);
    expect(refusedTokens).toEqual([]);
  });
});
