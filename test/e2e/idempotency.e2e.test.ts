import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { LIVE_SCHEMA } from '../../core/projections';
import { balanceRow, generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

/** Stripe's idempotency rules on the call path: the same key and request get the first answer; another request, a 409. */
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

// A key of its own for each test: a job another test left running must not move this test's balance.
let key: TestKey;
let accountId: string;
beforeEach(async () => {
  key = await generateKey(service.baseUrl, 'idempotency');
  const row = await service.database.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('api_keys')
    .select('account_id')
    .where('key_id', '=', key.keyId)
    .executeTakeFirstOrThrow();
  accountId = row.account_id;
});

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...key.auth, ...headers }, body: JSON.stringify(body) });
const balance = async () => (await balanceRow(service.database.db, accountId)).available_micros;
const starts = async (callId: string) => (await readStream(service.database.db, `call-${callId}`)).filter((e) => e.type === 'ToolCallStarted').length;

describe.each(['X-Request-Id', 'Idempotency-Key'])('a repeated %s', (header) => {
  it('with the same request returns the stored answer and charges once', async () => {
    const id = randomUUID();
    const before = await balance();
    const first = await post('/sentiment', { text: 'What a lovely, calm morning.' }, { [header]: id });
    const again = await post('/sentiment', { text: 'What a lovely, calm morning.' }, { [header]: id });
    expect([first.status, again.status]).toEqual([200, 200]);
    const [a, b] = [await json(first), await json(again)];
    // The same answer; only _meta.timestamp says when it was given.
    expect({ ...b, _meta: { ...b._meta, timestamp: undefined } }).toEqual({ ...a, _meta: { ...a._meta, timestamp: undefined } });
    expect(again.headers.get('x-request-id')).toBe(id);
    expect(await starts(id)).toBe(1);
    expect(before - (await balance())).toBe(5000);
  });

  it('with a different body is a 409 that says so, and the second request never runs', async () => {
    const id = randomUUID();
    expect((await post('/sentiment', { text: 'I love it.' }, { [header]: id })).status).toBe(200);
    const before = await balance();
    const reused = await post('/sentiment', { text: 'I hate it.' }, { [header]: id });
    expect(reused.status).toBe(409);
    expect(await json(reused)).toEqual({
      error: `X-Request-Id ${id} was already used for a different request`,
      code: 'idempotency_conflict',
      hint: expect.any(String),
      docs: expect.any(String),
    });
    expect(await balance()).toBe(before);
    expect(await starts(id)).toBe(1);
  });

  it('with a different job is a 409 on /async/submit', async () => {
    const id = randomUUID();
    const first = await post('/async/submit', { tool: 'sentiment', params: { text: 'good' } }, { [header]: id });
    const same = await post('/async/submit', { tool: 'sentiment', params: { text: 'good' } }, { [header]: id });
    expect([first.status, same.status]).toEqual([200, 200]);
    expect((await json(same)).job_id).toBe((await json(first)).job_id);
    const other = await post('/async/submit', { tool: 'sentiment', params: { text: 'bad' } }, { [header]: id });
    expect(other.status).toBe(409);
    expect(await json(other)).toMatchObject({ code: 'idempotency_conflict' });
  });
});

describe('a repeated X-Request-Id from someone else', () => {
  it('from another key is a 409 that runs nothing: the first call stays the only one started', async () => {
    const id = randomUUID();
    expect((await post('/sentiment', { text: 'Quiet and kind.' }, { 'X-Request-Id': id })).status).toBe(200);
    const other = await generateKey(service.baseUrl, 'idempotency-other');
    const reused = await fetch(`${service.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...other.auth, 'X-Request-Id': id },
      body: JSON.stringify({ text: 'Quiet and kind.' }),
    });
    expect(reused.status).toBe(409);
    expect(await starts(id)).toBe(1);
  });
});

describe('request ids that cannot be honoured are refused', () => {
  it('a malformed X-Request-Id on a paid call is a 400 naming the pattern, and charges nothing', async () => {
    const before = await balance();
    const response = await post('/sentiment', { text: 'fine' }, { 'X-Request-Id': 'has spaces and "quotes"' });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('X-Request-Id must match ^[A-Za-z0-9._:-]{1,128}$');
    expect(await balance()).toBe(before);
  });

  it('a malformed Idempotency-Key is a 400 naming the pattern', async () => {
    const response = await post('/sentiment', { text: 'fine' }, { 'Idempotency-Key': 'x'.repeat(200) });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('Idempotency-Key must match ^[A-Za-z0-9._:-]{1,128}$');
  });

  it('X-Request-Id and Idempotency-Key that differ are a 400', async () => {
    const response = await post('/sentiment', { text: 'fine' }, { 'X-Request-Id': randomUUID(), 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('X-Request-Id and Idempotency-Key differ');
  });
});
