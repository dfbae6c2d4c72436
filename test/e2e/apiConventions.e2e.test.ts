import http from 'node:http';
import zlib from 'node:zlib';
import pino from 'pino';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import { systemClock } from '../../core/clock/clock';
import { createPool, dbFromPool } from '../../core/db/createDb';
import { createEventStore } from '../../core/eventStore';
import { inlineProjections, LIVE_SCHEMA } from '../../core/projections';
import { generateKey } from '../support/accounts';
import { endlessUpload } from '../support/endlessUpload';
import { json } from '../support/json';
import { startTestService, testConfig, type TestService } from '../support/testService';
import { temporalTarget } from '../../core/temporal/temporalTarget';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function expectConventionHeaders(response: Response) {
  expect(response.headers.get('x-api-version')).toBe('1.9.0');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  expect(Number(response.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
  expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
}

describe('headers on every response', () => {
  it('carries version, a new UUID request id and rate-limit headers on success', async () => {
    const response = await fetch(`${service.baseUrl}/free/uuid`);
    expect(response.status).toBe(200);
    expectConventionHeaders(response);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect((await json(response)).uuid).toMatch(UUID);
  });

  it("echoes the caller's X-Request-Id, and carries the headers on errors too", async () => {
    const response = await fetch(`${service.baseUrl}/no/such/thing`, { headers: { 'X-Request-Id': 'trace-42' } });
    expect(response.status).toBe(404);
    expectConventionHeaders(response);
    expect(response.headers.get('x-request-id')).toBe('trace-42');
  });

  it('refuses a request id that could smuggle header or log syntax with a 400 naming the pattern, under a new id', async () => {
    const response = await fetch(`${service.baseUrl}/free/time`, { headers: { 'X-Request-Id': 'a b"c' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(await json(response)).toEqual({
      error: 'X-Request-Id must match ^[A-Za-z0-9._:-]{1,128}$',
      code: 'invalid_request_id',
      hint: expect.any(String),
      docs: expect.any(String),
    });
  });

  it('refuses an empty Idempotency-Key or X-Request-Id (sent, yet no key) rather than treating it as absent', async () => {
    for (const header of ['X-Request-Id', 'Idempotency-Key']) {
      const response = await fetch(`${service.baseUrl}/free/time`, { headers: { [header]: '' } });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error: `${header} must match ^[A-Za-z0-9._:-]{1,128}$`, code: 'invalid_request_id' });
    }
  });

  it('counts requests down within the window', async () => {
    const first = Number((await fetch(`${service.baseUrl}/free/time`)).headers.get('x-ratelimit-remaining'));
    const second = Number((await fetch(`${service.baseUrl}/free/time`)).headers.get('x-ratelimit-remaining'));
    expect(second).toBe(first - 1);
  });
});

describe("errors in the spec's shape", () => {
  it('400 for a missing field, naming it, with hint and docs', async () => {
    const response = await post('/sentiment', {});
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toEqual({
      error: 'missing required field "text"',
      code: 'invalid_request',
      hint: expect.stringContaining('text (string, required'),
      docs: expect.stringContaining('/docs#sentiment'),
    });
    expectConventionHeaders(response);
  });

  it('400 for invalid JSON, saying where it broke', async () => {
    const response = await post('/sentiment', '{"text": "unterminated');
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      error: expect.stringMatching(/^invalid JSON/),
      code: 'invalid_json',
      hint: expect.any(String),
      docs: expect.any(String),
    });
  });

  it('400 for a misspelt field, suggesting the real one', async () => {
    const response = await post('/summarize', { text: 'One. Two.', fromat: 'short' });
    expect(await json(response)).toMatchObject({ error: 'unknown field "fromat" (did you mean "format"?)' });
  });

  it('400 for a value outside an enum, listing the allowed ones', async () => {
    const response = await post('/summarize', { text: 'One. Two.', format: 'haiku' });
    expect((await json(response)).error).toBe('format must be one of: bullets, paragraph, short');
  });

  it('400 for a body that is JSON but not an object', async () => {
    expect((await json(post('/sentiment', '[1,2]'))).error).toBe('the request body must be a JSON object');
  });

  it('404 with the closest real path as suggestion', async () => {
    const response = await fetch(`${service.baseUrl}/sentimnet`);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ error: 'no endpoint at /sentimnet', code: 'not_found', suggestion: '/sentiment', docs: expect.any(String) });
  });

  it('HEAD of a paid GET tool answers 200 with its media type and no body: it runs nothing and charges nothing', async () => {
    const key = await generateKey(service.baseUrl, 'head');
    const balance = async () => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd;
    const before = await balance();
    const head = await fetch(`${service.baseUrl}/data/country?code=FR`, { method: 'HEAD', headers: key.auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await head.text()).toBe('');
    expect(await balance()).toBe(before);
    // Without its query and without credentials too: the x402 paywall page asks HEAD of its path, query dropped.
    expect((await fetch(`${service.baseUrl}/data/country`, { method: 'HEAD' })).status).toBe(200);
  });

  it('404 without a suggestion when nothing is close, and a vendor route not served lists the ones that are', async () => {
    const nowhere = await fetch(`${service.baseUrl}/nope`);
    expect(nowhere.status).toBe(404);
    expect(await json(nowhere)).toMatchObject({ error: 'no endpoint at /nope', suggestion: null });
    const responses = await fetch(`${service.baseUrl}/v1/responses`, { method: 'POST' });
    expect(responses.status).toBe(404);
    const body = await json(responses);
    expect(body.error).toMatchObject({ type: 'not_found_error', message: 'no endpoint at /v1/responses', suggestion: null });
    expect(body.error.hint).toMatch(/^Served under \/v1\/ here: .*\/v1\/chat\/completions.*\/v1\/messages/);
  });

  it('405 for a wrong method, with Allow', async () => {
    const response = await fetch(`${service.baseUrl}/sentiment`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await json(response)).toEqual({ error: 'GET is not allowed on /sentiment; use POST', code: 'method_not_allowed', docs: expect.any(String) });
  });

  it('405 on a path of its own names only its methods, not those of a parameterised sibling (/webhooks/:id)', async () => {
    const response = await fetch(`${service.baseUrl}/webhooks/create`, { method: 'OPTIONS' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('415 for a body that is not JSON', async () => {
    const response = await fetch(`${service.baseUrl}/sentiment`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(response.status).toBe(415);
    expect(await json(response)).toEqual({
      error: 'Content-Type must be application/json, not text/plain',
      code: 'unsupported_media_type',
      hint: expect.any(String),
    });
  });

  it('413 for a body over the limit, before reading it all', async () => {
    const response = await post('/sentiment', { text: 'x'.repeat(service.config.maxBodyBytes + 10) });
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ error: expect.stringContaining('larger than'), limit_bytes: service.config.maxBodyBytes });
  });

  // Issue 41, item 13: the answer went out, but the connection stayed open while the client kept sending.
  it('413 for a chunked body still arriving past the limit, then the connection closed', async () => {
    const refused = await endlessUpload(`${service.baseUrl}/sentiment`, { headers: { 'Content-Type': 'application/json' }, opening: Buffer.from('{"text":"') });
    expect([refused.status, refused.headers.connection]).toEqual([413, 'close']);
    expect(refused.body).toMatchObject({ code: 'payload_too_large', error: expect.stringContaining('larger than'), limit_bytes: service.config.maxBodyBytes });
    expect(refused.sentBytes).toBeGreaterThan(service.config.maxBodyBytes);
  });

  it('401 for a key that is malformed or unknown, even on a free endpoint', async () => {
    const malformed = await fetch(`${service.baseUrl}/free/time`, { headers: { Authorization: 'Bearer nope' } });
    expect(malformed.status).toBe(401);
    expect(await json(malformed)).toEqual({ error: 'invalid API key format', code: 'invalid_api_key', hint: expect.stringContaining('apk_') });
    const unknown = await fetch(`${service.baseUrl}/free/time`, { headers: { 'X-API-Key': `apk_${'A'.repeat(43)}` } });
    expect(unknown.status).toBe(401);
    expect((await json(unknown)).error).toBe('invalid API key');
    expectConventionHeaders(unknown);
  });
});

/** A request with headers exactly as listed, repeats included (fetch would join two Authorization headers into one). */
function rawRequest(method: string, path: string, headers: [string, string][], body?: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
  const { host } = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(`${service.baseUrl}${path}`, { method, headers: ['Host', host, ...headers.flat()] }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('how a body is encoded', () => {
  const sentiment = (body: Buffer, headers: Record<string, string>, auth: Record<string, string>) =>
    fetch(`${service.baseUrl}/sentiment`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth, ...headers }, body });
  const REVIEW = JSON.stringify({ text: 'What a lovely, helpful shop.' });

  it('415 for JSON declared in a charset other than UTF-8, in any case; every spelling of UTF-8 is read', async () => {
    const key = await generateKey(service.baseUrl, 'charsets');
    for (const [charset, bytes] of [
      ['utf-16', Buffer.from(REVIEW, 'utf16le')],
      ['UTF-16LE', Buffer.from(REVIEW, 'utf16le')],
      ['iso-8859-1', Buffer.from(REVIEW, 'latin1')],
      ['nonsense', Buffer.from(REVIEW)],
    ] as const) {
      const response = await sentiment(bytes, { 'Content-Type': `application/json; charset=${charset}` }, key.auth);
      expect([charset, response.status, await json(response)]).toEqual([
        charset,
        415,
        { code: 'unsupported_media_type', error: `charset ${charset} is not supported: the body must be UTF-8`, hint: expect.stringContaining('UTF-8') },
      ]);
    }
    for (const charset of ['utf-8', 'UTF-8', 'utf8', '"utf-8"']) {
      const response = await sentiment(Buffer.from(REVIEW), { 'Content-Type': `application/json; charset=${charset}` }, key.auth);
      expect([charset, response.status]).toEqual([charset, 200]);
    }
  });

  it('reads a body sent with Content-Encoding gzip, deflate or br, as if sent plain', async () => {
    const key = await generateKey(service.baseUrl, 'encodings');
    for (const [coding, bytes] of [
      ['gzip', zlib.gzipSync(REVIEW)],
      ['deflate', zlib.deflateSync(REVIEW)],
      ['br', zlib.brotliCompressSync(REVIEW)],
      ['GZIP', zlib.gzipSync(REVIEW)],
      ['identity', Buffer.from(REVIEW)],
      ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(REVIEW))],
    ] as const) {
      const response = await sentiment(bytes, { 'Content-Encoding': coding }, key.auth);
      const body = await json(response);
      expect([coding, response.status, body.polarity]).toEqual([coding, 200, 'positive']);
    }
  });

  it('413 for a compressed body over the limit once decoded, 400 for one that does not decode, 415 for another coding', async () => {
    const key = await generateKey(service.baseUrl, 'bombs');
    const limit = service.config.maxBodyBytes;
    // A few kilobytes on the wire, past the limit once decoded.
    const bomb = zlib.gzipSync(JSON.stringify({ text: 'x'.repeat(limit * 4) }));
    expect(bomb.byteLength).toBeLessThan(limit / 50);
    const tooLarge = await sentiment(bomb, { 'Content-Encoding': 'gzip' }, key.auth);
    expect([tooLarge.status, await json(tooLarge)]).toEqual([
      413,
      expect.objectContaining({ error: expect.stringContaining('larger than'), limit_bytes: limit }),
    ]);

    const whole = zlib.gzipSync(REVIEW);
    for (const [what, bytes, coding, error] of [
      ['not gzip at all', Buffer.from(REVIEW), 'gzip', /^the request body is not valid gzip: /],
      ['cut short', whole.subarray(0, whole.length - 6), 'gzip', /^the request body is not valid gzip: /],
      ['gzip sent as br', whole, 'br', /^the request body is not valid br: /],
    ] as const) {
      const response = await sentiment(bytes, { 'Content-Encoding': coding }, key.auth);
      const body = await json(response);
      expect([what, response.status, body.error]).toEqual([what, 400, expect.stringMatching(error)]);
    }

    for (const coding of ['compress', 'zstd', 'gzip, snappy']) {
      const response = await sentiment(Buffer.from(REVIEW), { 'Content-Encoding': coding }, key.auth);
      const body = await json(response);
      expect([coding, response.status, body.error]).toEqual([coding, 415, expect.stringMatching(/^Content-Encoding (compress|zstd|snappy) is not supported$/)]);
      expect(body.hint).toContain('gzip, deflate or br');
    }
    // None of them ran: the key paid for nothing.
    expect((await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd).toBe(0.25);
  });
});

describe('credentials sent twice', () => {
  it('401 for two Authorization headers naming different keys, whichever a proxy would keep', async () => {
    const [first, second] = await Promise.all([generateKey(service.baseUrl, 'first'), generateKey(service.baseUrl, 'second')]);
    for (const [one, other] of [
      [first, second],
      [second, first],
    ]) {
      const answer = await rawRequest('GET', '/auth/status', [
        ['Authorization', `Bearer ${one!.key}`],
        ['Authorization', `Bearer ${other!.key}`],
      ]);
      expect(answer).toEqual({
        status: 401,
        body: { code: 'invalid_api_key', error: 'two different credentials were sent', hint: 'Send one key, in one place.' },
      });
    }
    const headers = await rawRequest('GET', '/auth/status', [
      ['X-API-Key', first.key],
      ['X-API-Key', second.key],
    ]);
    expect(headers).toEqual({
      status: 401,
      body: { code: 'invalid_api_key', error: 'two different credentials were sent', hint: 'Send one key, in one place.' },
    });
    // A key and something that is no key are two credentials too: neither may be dropped in favour of the other.
    const withJunk = await rawRequest('GET', '/auth/status', [
      ['Authorization', `Bearer ${first.key}`],
      ['Authorization', 'Basic dXNlcjpwYXNz'],
    ]);
    expect(withJunk.status).toBe(401);
  });

  it('accepts the same key sent twice (both copies name one caller), as it does Bearer and X-API-Key with one key', async () => {
    const key = await generateKey(service.baseUrl, 'twice');
    for (const headers of [
      [
        ['Authorization', `Bearer ${key.key}`],
        ['Authorization', `Bearer ${key.key}`],
      ],
      [
        ['X-API-Key', key.key],
        ['x-api-key', key.key],
      ],
      [
        ['Authorization', `Bearer ${key.key}`],
        ['X-API-Key', key.key],
      ],
    ] as [string, string][][]) {
      const answer = await rawRequest('GET', '/auth/status', headers);
      expect([headers.map(([name]) => name), answer.status, answer.body.key_id]).toEqual([headers.map(([name]) => name), 200, key.keyId]);
    }
  });
});

describe('limits and outages', () => {
  it('429 once the per-IP window is spent, with retry_after, limit, reset_at, upgrade_url and Retry-After', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.baseUrl}/free/time`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const response = await fetch(`${limited.baseUrl}/free/time`);
      const body = await json(response);
      expect(body).toEqual({
        error: expect.stringContaining('rate limit'),
        code: 'rate_limited',
        retry_after: expect.any(Number),
        limit: 3,
        reset_at: expect.any(String),
        upgrade_url: expect.any(String),
      });
      expect(Number(response.headers.get('retry-after'))).toBe(body.retry_after);
      expect(new Date(body.reset_at).getTime()).toBeGreaterThan(Date.now());
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    } finally {
      await limited.stop();
    }
  });

  it('503 in maintenance mode with Retry-After, while /health still answers', async () => {
    const down = await startTestService({ env: { MAINTENANCE_MODE: 'true', MAINTENANCE_RETRY_AFTER: '120' } });
    try {
      const closed = await fetch(`${down.baseUrl}/free/time`);
      expect(closed.status).toBe(503);
      expect(closed.headers.get('retry-after')).toBe('120');
      expect(await json(closed)).toEqual({ error: expect.stringContaining('maintenance'), code: 'maintenance', retry_after: 120, status: 'maintenance' });
      expect((await fetch(`${down.baseUrl}/health`)).status).toBe(200);
    } finally {
      await down.stop();
    }
  });

  it('500 with request_id, status and support, and no stack trace, when a dependency fails', async () => {
    const config = testConfig('postgres://nobody:nothing@127.0.0.1:1/none');
    const pool = createPool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none' });
    const db = dbFromPool(pool);
    const connection = await Connection.connect(temporalTarget(config).connection);
    const app = createApp({
      config,
      pool,
      store: createEventStore(db, inlineProjections, LIVE_SCHEMA),
      log: pino({ level: 'silent' }),
      clock: systemClock,
      startedAt: new Date(),
      x402: null,
      temporal: { client: new Client({ connection }), eagerStart: false },
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/free/time`, { headers: { 'X-Request-Id': 'broken-1' } });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        error: expect.any(String),
        code: 'internal_error',
        request_id: 'broken-1',
        status: 'error',
        support: expect.any(String),
      });
      expect(text).not.toMatch(/ECONNREFUSED|at .*\.ts|node_modules/);
      expect(response.headers.get('x-api-version')).toBe('1.9.0');
    } finally {
      server.close();
      await connection.close();
      await db.destroy();
    }
  });
});

describe('free utilities', () => {
  it('hash, base64 round trip, random in range, ip and time', async () => {
    const get = async (path: string) => json(fetch(`${service.baseUrl}${path}`));
    expect(await get('/free/hash?text=abc&algorithm=sha256')).toMatchObject({ hash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' });
    const encoded = await get('/free/base64?text=h%C3%A9llo');
    expect(await get(`/free/base64?mode=decode&text=${encodeURIComponent(encoded.result)}`)).toMatchObject({ result: 'héllo' });
    const random = await get('/free/random?min=5&max=7&count=50');
    expect(random.values.every((v: number) => v >= 5 && v <= 7)).toBe(true);
    expect(new Set(random.values).size).toBeGreaterThan(1);
    expect(await get('/free/ip')).toEqual({ ip: '127.0.0.1', version: 4 });
    const time = await get('/free/time?tz=Asia/Tokyo');
    expect(Math.abs(time.unix_ms - Date.now())).toBeLessThan(60_000);
    expect(time.timezone).toBe('Asia/Tokyo');
    expect((await fetch(`${service.baseUrl}/free/time?tz=Mars/Olympus`)).status).toBe(400);
  });
});
