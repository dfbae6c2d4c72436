import net from 'node:net';
import { LIVE_SCHEMA } from '../../core/projections';
import { balanceRow, generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

/** Issue 16's reproductions, sent as a hostile caller would: each must be a clear 4xx in the spec's shape, never a 500. */
let service: TestService;
let key: TestKey;
beforeAll(async () => {
  service = await startTestService();
  key = await generateKey(service.baseUrl, 'hostile');
});
afterAll(() => service.stop());

const send = (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body }),
  });

async function accountOf(k: TestKey): Promise<string> {
  const row = await service.database.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('api_keys')
    .select('account_id')
    .where('key_id', '=', k.keyId)
    .executeTakeFirstOrThrow();
  return row.account_id;
}

function expectBadRequest(response: Response, body: Record<string, unknown>) {
  expect(response.status).toBe(400);
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String), hint: expect.any(String), docs: expect.any(String) }));
  expect(response.headers.get('x-request-id')).toBeTruthy();
  expect(response.headers.get('x-api-version')).toBe('1.9.0');
}

describe('text PostgreSQL cannot store is a 400 wherever it enters', () => {
  const NUL = 'a\\u0000b';
  const LONE_SURROGATE = '\\ud800x';

  it.each([
    ['a NUL in a label', NUL],
    ['a lone surrogate in a label', LONE_SURROGATE],
  ])('POST /auth/generate-key with %s', async (_, label) => {
    const response = await send('POST', '/auth/generate-key', `{"label":"${label}"}`);
    const body = await json(response);
    expectBadRequest(response, body);
    expect(body.error).toMatch(/^label contains/);
  });

  it('refuses NUL in relay events, webhook URLs and test events', async () => {
    const relay = await json(send('POST', '/webhooks/create', undefined, key.auth));
    const relayed = await send('POST', `/webhooks/${relay.id}/receive`, `{"note":"${NUL}"}`);
    expectBadRequest(relayed, await json(relayed));
    const registered = await send('POST', '/webhooks/register', `{"url":"https://example.com/${NUL}","events":["low_balance"]}`, key.auth);
    expectBadRequest(registered, await json(registered));
    const tested = await send('POST', '/webhooks/test-event', `{"webhook_id":"${NUL}"}`, key.auth);
    expectBadRequest(tested, await json(tested));
  });

  it.each([
    ['GET', '/async/status/job_%00x'],
    ['GET', '/webhooks/rly_%00x/events'],
    ['DELETE', '/webhooks/wh_%00x'],
    ['GET', '/webhooks/deliveries?webhook_id=a%00b'],
    ['GET', '/async/status/job_%E0%A4%A'],
  ])('%s %s (NUL or broken percent-encoding in the URL)', async (method, path) => {
    const response = await send(method, path, undefined, key.auth);
    expectBadRequest(response, await json(response));
  });

  it('refuses a body that is not UTF-8, and charges nothing for it', async () => {
    const accountId = await accountOf(key);
    const before = (await balanceRow(service.database.db, accountId)).available_micros;
    const bytes = Buffer.concat([Buffer.from('{"text":"caf'), Buffer.from([0xe9, 0xff]), Buffer.from('"}')]);
    const response = await send('POST', '/sentiment', bytes, key.auth);
    const body = await json(response);
    expectBadRequest(response, body);
    expect(body.error).toBe('the request body is not valid UTF-8');
    expect((await balanceRow(service.database.db, accountId)).available_micros).toBe(before);
  });
});

describe('nesting is bounded at the body parser', () => {
  it('refuses 5,000 nested arrays in a tool call with a 400 naming the limit', async () => {
    const deep = `{"text":"x","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await send('POST', '/sentiment', deep, key.auth);
    const body = await json(response);
    expectBadRequest(response, body);
    expect(body.error).toMatch(/nests deeper than \d+ levels/);
  });

  it('refuses 3,000 nested objects in a relay event', async () => {
    const relay = await json(send('POST', '/webhooks/create', undefined, key.auth));
    const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const response = await send('POST', `/webhooks/${relay.id}/receive`, deep);
    expectBadRequest(response, await json(response));
  });
});

describe('a permanent tool error is answered, not retried into a 500', () => {
  it('POST /qa with an empty documents list is a 400 and charges nothing', async () => {
    const accountId = await accountOf(key);
    const before = (await balanceRow(service.database.db, accountId)).available_micros;
    const response = await send('POST', '/qa', '{"documents":[],"question":"q"}', key.auth);
    expectBadRequest(response, await json(response));
    expect((await balanceRow(service.database.db, accountId)).available_micros).toBe(before);
  });

  it('POST /qa over documents with no sentence answers null instead of failing, sure there is no answer', async () => {
    const response = await send('POST', '/qa', '{"documents":["   "],"question":"when?"}', key.auth);
    expect(response.status).toBe(200);
    // With a null answer the confidence is in there being none (docs/callers.md, the offline tier): nothing to read, so high.
    const body = (await json(response)) as { answer: unknown; confidence: number };
    expect(body.answer).toBeNull();
    expect(body.confidence).toBeGreaterThanOrEqual(0.7);
  });
});

describe('errors Node raises before the app are JSON with the usual headers', () => {
  it('431 for a 60 KB token', async () => {
    const response = await send('GET', '/free/time', undefined, { Authorization: `Bearer apk_${'A'.repeat(60_000)}` });
    expect(response.status).toBe(431);
    expect(await json(response)).toEqual({ error: expect.stringContaining('headers are larger than'), code: 'headers_too_large', hint: expect.any(String) });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-api-version')).toBe('1.9.0');
  });

  it('431 for a 16 KB query string', async () => {
    const response = await send('GET', `/free/hash?text=${'a'.repeat(16_500)}`);
    expect(response.status).toBe(431);
    expect((await json(response)).error).toContain('larger than');
  });

  it('400 for a malformed header line', async () => {
    const raw = await rawRequest('GET /free/time HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n');
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}/i);
    expect(head).toMatch(/\r\nX-API-Version: 1\.9\.0/i);
    expect(JSON.parse(body!)).toEqual({ error: 'malformed HTTP request', code: 'invalid_request', hint: expect.any(String), docs: expect.any(String) });
  });
});

function rawRequest(text: string): Promise<string> {
  const { port, hostname } = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: hostname }, () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('presented but malformed credentials are a 401, never the free tier', () => {
  it.each([
    ['Basic credentials', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { Authorization: 'Bearer ' }],
    ['a bearer key with something after it', { Authorization: 'Bearer apk_x extra' }],
  ])('%s on a free-tier tool', async (_, headers) => {
    const response = await send('POST', '/sentiment', '{"text":"fine"}', headers as Record<string, string>);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: expect.stringContaining('Authorization'), code: 'invalid_api_key', hint: expect.any(String) });
    const freeTier = await json(send('GET', '/free-tier/status'));
    expect(freeTier.used).toBe(0);
  });

  it('?key= on a paid POST is refused; /api/usage still takes it', async () => {
    const paid = await send('POST', `/sentiment?key=${key.key}`, '{"text":"fine"}');
    expect(paid.status).toBe(401);
    expect((await json(paid)).error).toBe('?key= is not accepted here');
    const usage = await send('GET', `/api/usage?key=${key.key}`);
    expect(usage.status).toBe(200);
  });
});

describe('outgoing-URL refusals', () => {
  it('say the same thing whatever the refused target, so they cannot map addresses', async () => {
    const targets = [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/hook',
      'http://192.168.1.1:8080/',
      'https://[fd00::1]/',
      'ftp://example.com/x',
    ];
    const errors = await Promise.all(
      targets.map(async (url) => (await json(send('POST', '/webhooks/register', JSON.stringify({ url, events: ['low_balance'] }), key.auth))).error),
    );
    expect(new Set(errors)).toEqual(new Set(['webhook URL refused: the URL is not allowed: only https URLs on public addresses are fetched']));
  });
});

describe('premium tools', () => {
  // Where x402 is taken an anonymous caller is asked to pay instead (402: test/e2e/x402PremiumTools.e2e.test.ts).
  it('an anonymous /research is the spec 403 where x402 is off (nothing to pay it with), even when no model provider is configured', async () => {
    const response = await send('POST', '/research', '{"topic":"ledgers"}');
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({
      error: '/research is a premium tool: it needs an API key with credit (x402 payments are not taken here)',
      hint: expect.any(String),
      upgrade_url: expect.any(String),
    });
    expect(response.headers.get('payment-required')).toBeNull();
  });
});
