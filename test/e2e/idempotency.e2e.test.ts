import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { readStream } from '../../core/eventStore';
import { LIVE_SCHEMA } from '../../core/projections';
import { balanceRow, generateKey, type TestKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { readSse } from '../support/sse';
import { waitFor } from '../support/waitFor';
import { ensureAnswerPurgeSchedule } from '../../core/idempotency/answerPurgeSchedule';

/**
 * Stripe's idempotency rules on every route that changes state: the same key and request get the first answer, byte
 * for byte; another request with the key, a 409 naming the header the caller used; concurrent repeats never both run.
 */
let service: TestService;
beforeAll(async () => {
  // No model provider, whatever the shell holds: the tools called run offline.
  service = await startTestService({ env: modelEnv() });
});
afterAll(() => service.stop());

// A key of its own for each test: a job another test left running must not move this test's balance.
let key: TestKey;
let accountId: string;
beforeEach(async () => {
  key = await generateKey(service.baseUrl, 'idempotency');
  accountId = await accountOf(key);
});

const accountOf = async (of: TestKey) =>
  (await service.database.db.withSchema(LIVE_SCHEMA).selectFrom('api_keys').select('account_id').where('key_id', '=', of.keyId).executeTakeFirstOrThrow())
    .account_id;

/** An answer as the wire carried it: status, the headers that matter here, and the body's exact text. */
interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string | null;
  readonly replayed: string | null;
  readonly retryAfter: string | null;
}
async function send(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<Answer> {
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
    ...(body === undefined ? {} : { body }),
  });
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type'),
    replayed: response.headers.get('idempotent-replayed'),
    retryAfter: response.headers.get('retry-after'),
  };
}
const post = (path: string, body: unknown, headers: Record<string, string>) => send('POST', path, { body, headers: { ...key.auth, ...headers } });
// Typed loosely on purpose, like json(): tests assert its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const parse = (answer: Answer) => JSON.parse(answer.text) as Record<string, any>;
/** The second answer is the first one again: same status, type and bytes, marked as replayed (the first is not). */
function expectReplayOf(again: Answer, first: Answer): void {
  expect({ status: again.status, contentType: again.contentType, text: again.text }).toEqual({
    status: first.status,
    contentType: first.contentType,
    text: first.text,
  });
  expect([first.replayed, again.replayed]).toEqual([null, 'true']);
}

const balance = async () => (await balanceRow(service.database.db, accountId)).available_micros;
/** How often the call this test's key made with this request id started (its stream is the id in the key's account's namespace). */
const starts = async (requestId: string) =>
  (await readStream(service.database.db, `call-${keyCallId(accountId, requestId)}`)).filter((e) => e.type === 'ToolCallStarted').length;
const live = () => service.database.db.withSchema(LIVE_SCHEMA);
const keptOf = async (scope: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from idempotent_answers where scope = ${scope}`.execute(service.database.db)).rows[0]!.n);
const keptRows = async () => Number((await sql<{ n: string }>`select count(*) as n from idempotent_answers`.execute(service.database.db)).rows[0]!.n);

describe.each(['X-Request-Id', 'Idempotency-Key'])('a repeated %s', (header) => {
  it('with the same request returns the first answer byte for byte (its _meta.timestamp too), marked as replayed, and charges once', async () => {
    const id = randomUUID();
    const before = await balance();
    const first = await post('/sentiment', { text: 'What a lovely, calm morning.' }, { [header]: id });
    // Past the first answer's second, so an answer built again would carry another timestamp.
    await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
    const again = await post('/sentiment', { text: 'What a lovely, calm morning.' }, { [header]: id });
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
    expect(parse(again)._meta).toMatchObject({ request_id: id, cost_usd: 0.005 });
    expect(await starts(id)).toBe(1);
    expect(before - (await balance())).toBe(5000);
  });

  it('with a different body is a 409 naming the header sent, and the second request never runs', async () => {
    const id = randomUUID();
    expect((await post('/sentiment', { text: 'I love it.' }, { [header]: id })).status).toBe(200);
    const before = await balance();
    const reused = await post('/sentiment', { text: 'I hate it.' }, { [header]: id });
    expect(reused.status).toBe(409);
    expect(parse(reused)).toEqual({
      error: `${header} ${id} was already used for a different request`,
      code: 'idempotency_conflict',
      hint: expect.stringContaining(header),
      docs: expect.any(String),
    });
    expect(await balance()).toBe(before);
    expect(await starts(id)).toBe(1);
  });

  it('with "model": "auto" where the first omitted it (the default) is the same request: the first answer, charged once', async () => {
    const id = randomUUID();
    const first = await post('/sentiment', { text: 'Defaults are part of the request.' }, { [header]: id });
    const again = await post('/sentiment', { text: 'Defaults are part of the request.', model: 'auto' }, { [header]: id });
    expectReplayOf(again, first);
    expect(await starts(id)).toBe(1);
  });

  it('with a different job is a 409 on /async/submit', async () => {
    const id = randomUUID();
    const first = await post('/async/submit', { tool: 'sentiment', params: { text: 'good' } }, { [header]: id });
    const same = await post('/async/submit', { tool: 'sentiment', params: { text: 'good' } }, { [header]: id });
    expect(first.status).toBe(200);
    expectReplayOf(same, first);
    const other = await post('/async/submit', { tool: 'sentiment', params: { text: 'bad' } }, { [header]: id });
    expect(other.status).toBe(409);
    expect(parse(other)).toMatchObject({ code: 'idempotency_conflict' });
    expect(parse(other).error).toBe(`${header} ${id} was already used for a different request`);
  });
});

describe('every route that changes state keeps the first answer to a key', () => {
  it('POST /auth/topup by the operator: the same X-Request-Id credits once; another amount is a 409', async () => {
    const operator = { 'X-Admin-Token': service.config.adminToken, 'X-Request-Id': randomUUID() };
    const before = await balance();
    const first = await send('POST', '/auth/topup', { body: { key: key.key, amount_usd: 1.5 }, headers: operator });
    const again = await send('POST', '/auth/topup', { body: { key: key.key, amount_usd: 1.5 }, headers: operator });
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
    expect((await balance()) - before).toBe(1_500_000);
    const other = await send('POST', '/auth/topup', { body: { key: key.key, amount_usd: 2 }, headers: operator });
    expect(other.status).toBe(409);
    expect(parse(other).error).toBe(`X-Request-Id ${operator['X-Request-Id']} was already used for a different request`);
    expect((await balance()) - before).toBe(1_500_000);
    const grants = (await readStream(service.database.db, `account-${accountId}`)).filter((e) => e.type === 'CreditGranted' && e.data.reason === 'topup');
    expect(grants).toHaveLength(1);
  });

  it('POST /auth/topup without the operator token finds nothing the operator sent under the same id', async () => {
    const id = randomUUID();
    const first = await send('POST', '/auth/topup', {
      body: { key: key.key, amount_usd: 1 },
      headers: { 'X-Admin-Token': service.config.adminToken, 'X-Request-Id': id },
    });
    expect(first.status).toBe(200);
    const stranger = await send('POST', '/auth/topup', {
      body: { key: key.key, amount_usd: 1 },
      headers: { 'X-Admin-Token': 'not-the-token', 'X-Request-Id': id },
    });
    expect(stranger.status).toBe(401);
  });

  it('POST /auth/generate-key: a repeat gets the same key, not a second trial key', async () => {
    const label = `once-${randomUUID()}`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await send('POST', '/auth/generate-key', { body: { label }, headers });
    const again = await send('POST', '/auth/generate-key', { body: { label }, headers });
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
    expect(await live().selectFrom('api_keys').select('key_id').where('label', '=', label).execute()).toHaveLength(1);
    // What was kept is sealed: the new key is not readable in the table.
    const rows = await sql<{ answer: Buffer }>`select answer from idempotent_answers where answer is not null`.execute(service.database.db);
    expect(rows.rows.some((r) => r.answer.includes(Buffer.from(parse(first).key)))).toBe(false);
  });

  it('POST /files/upload: a repeat gets the first file, stored once', async () => {
    const headers = { 'X-Request-Id': randomUUID() };
    const body = { content_base64: Buffer.from(`idempotent upload ${randomUUID()}`).toString('base64'), filename: 'once.txt' };
    const first = await post('/files/upload', body, headers);
    const again = await post('/files/upload', body, headers);
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
    expect(await live().selectFrom('files').select('file_id').where('owner', '=', `key:${accountId}`).execute()).toEqual([{ file_id: parse(first).file_id }]);
    const otherFile = await post('/files/upload', { ...body, content_base64: Buffer.from('other bytes').toString('base64') }, headers);
    expect(otherFile.status).toBe(409);
  });

  it('POST /webhooks/register: a repeat gets the first webhook, registered once', async () => {
    const headers = { 'X-Request-Id': randomUUID() };
    const first = await post('/webhooks/register', { url: 'http://127.0.0.1:9/hook', events: ['low_balance'] }, headers);
    const again = await post('/webhooks/register', { url: 'http://127.0.0.1:9/hook', events: ['low_balance'] }, headers);
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
    expect(await live().selectFrom('webhooks').select('webhook_id').where('account_id', '=', accountId).execute()).toEqual([{ webhook_id: parse(first).id }]);
  });

  it('DELETE /webhooks/{id}: a repeat gets the first answer, not a 404', async () => {
    const hook = parse(await post('/webhooks/register', { url: 'http://127.0.0.1:9/gone' }, {}));
    const headers = { ...key.auth, 'X-Request-Id': randomUUID() };
    const first = await send('DELETE', `/webhooks/${hook.id}`, { headers });
    const again = await send('DELETE', `/webhooks/${hook.id}`, { headers });
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
  });

  it('POST /webhooks/create: a repeat gets the first relay, created once', async () => {
    const headers = { ...key.auth, 'X-Request-Id': randomUUID() };
    const first = await send('POST', '/webhooks/create', { headers });
    const again = await send('POST', '/webhooks/create', { headers });
    expect(first.status).toBe(200);
    expectReplayOf(again, first);
    expect(await live().selectFrom('relays').select('relay_id').where('account_id', '=', accountId).execute()).toEqual([{ relay_id: parse(first).id }]);
  });

  it('POST /agents/build: a repeat gets the first agent; another body with the same id is a 409, not the first agent', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const agent = { name: 'digest', system_prompt: 'You write a one-line digest.', tools: ['sentiment'] };
    const first = await post('/agents/build', agent, headers);
    const again = await post('/agents/build', agent, headers);
    expect([first.status, first.text]).toEqual([200, expect.any(String)]);
    expectReplayOf(again, first);
    const other = await post('/agents/build', { ...agent, name: 'another' }, headers);
    expect(other.status).toBe(409);
    expect(parse(other).error).toBe(`Idempotency-Key ${headers['Idempotency-Key']} was already used for a different request`);
    expect(await live().selectFrom('custom_agents').select('name').where('owner', '=', `key:${accountId}`).execute()).toEqual([{ name: 'digest' }]);
  });

  it('POST /skills/create: a repeat gets the first answer, not "exists already"', async () => {
    const headers = { 'X-Request-Id': randomUUID() };
    const skill = {
      name: `once-${randomUUID().slice(0, 8)}`,
      description: 'Say a thing once',
      template: 'Say {{thing}}',
      input_schema: { type: 'object', properties: { thing: { type: 'string' } }, required: ['thing'] },
      tool: 'transform',
      params: { instruction: 'Say it once.' },
    };
    const first = await post('/skills/create', skill, headers);
    const again = await post('/skills/create', skill, headers);
    expect([first.status, first.text]).toEqual([200, expect.any(String)]);
    expectReplayOf(again, first);
    // Without the key, the same name is taken: the replay above was the first answer, not a second creation.
    expect((await post('/skills/create', skill, {})).status).toBe(409);
  });
});

describe('what is kept, and for whom', () => {
  it('keeps nothing for a refused request (4xx): the same key runs again once the request is fixed', async () => {
    const headers = { 'X-Admin-Token': service.config.adminToken, 'X-Request-Id': randomUUID() };
    const refused = await send('POST', '/auth/topup', { body: { key: `apk_${'x'.repeat(43)}`, amount_usd: 1 }, headers });
    expect(refused.status).toBe(404);
    // Another request, but the refused one left no claim on the key.
    const before = await balance();
    expect((await send('POST', '/auth/topup', { body: { key: key.key, amount_usd: 1 }, headers })).status).toBe(200);
    expect((await balance()) - before).toBe(1_000_000);
  });

  it('keeps nothing for a request without a key of the caller’s (a request id made up by the API is none)', async () => {
    const before = await keptRows();
    const created = await send('POST', '/webhooks/create', { headers: key.auth });
    expect(created.status).toBe(200);
    expect(created.replayed).toBeNull();
    expect(await keptRows()).toBe(before);
  });

  it('scopes a key to its sender: another key with the same id and body runs its own request', async () => {
    const id = randomUUID();
    const other = await generateKey(service.baseUrl, 'idempotency-other');
    const mine = await send('POST', '/webhooks/create', { headers: { ...key.auth, 'X-Request-Id': id } });
    const theirs = await send('POST', '/webhooks/create', { headers: { ...other.auth, 'X-Request-Id': id } });
    expect([mine.status, theirs.status, theirs.replayed]).toEqual([200, 200, null]);
    expect(parse(theirs).id).not.toBe(parse(mine).id);
  });

  it('scopes a paid call’s key to its account: another account’s same key and body is its own call, run and charged once each, at once or later', async () => {
    const id = `order-${randomUUID().slice(0, 8)}`;
    const other = await generateKey(service.baseUrl, 'idempotency-other');
    const otherAccount = await accountOf(other);
    const body = { text: 'Keys are each account’s own.' };
    // At the same moment (A's call still running when B's arrives), then B again once A's has finished.
    const [mine, theirs] = await Promise.all([
      send('POST', '/sentiment', { body, headers: { ...key.auth, 'Idempotency-Key': id } }),
      send('POST', '/sentiment', { body, headers: { ...other.auth, 'Idempotency-Key': id } }),
    ]);
    const later = await send('POST', '/sentiment', { body, headers: { ...other.auth, 'Idempotency-Key': id } });
    expect([mine.status, theirs.status, later.status]).toEqual([200, 200, 200]);
    expect([mine.replayed, theirs.replayed, later.replayed]).toEqual([null, null, 'true']);
    // Two calls, one per account, each in its own namespace: neither found, blocked or answered the other.
    expect(parse(mine)._meta.call_id).toBe(keyCallId(accountId, id));
    expect(parse(theirs)._meta.call_id).toBe(keyCallId(otherAccount, id));
    expect(parse(mine)._meta.call_id).not.toBe(parse(theirs)._meta.call_id);
    expect(parse(mine)._meta.request_id).toBe(id);
    expect(await starts(id)).toBe(1);
    const charged = async (account: string) =>
      (await readStream(service.database.db, `account-${account}`)).filter((e) => e.type === 'ChargeSettled').map((e) => (e.data as { callId: string }).callId);
    expect(await charged(accountId)).toEqual([keyCallId(accountId, id)]);
    expect(await charged(otherAccount)).toEqual([keyCallId(otherAccount, id)]);
  });
});

describe('answers that are not kept', () => {
  it('a streamed answer: a repeat attaches to the same call and gets its whole result in one `done` event, charged once', async () => {
    const id = randomUUID();
    const body = { text: 'Sales rose 12% in March while support tickets doubled.' };
    const before = await balance();
    const first = await readSse(
      await fetch(`${service.baseUrl}/stream/analyze`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...key.auth, 'X-Request-Id': id },
        body: JSON.stringify(body),
      }),
    );
    const repeat = await fetch(`${service.baseUrl}/stream/analyze`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...key.auth, 'X-Request-Id': id },
      body: JSON.stringify(body),
    });
    expect(repeat.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const again = await readSse(repeat);
    expect(first.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(again.map((e) => e.event)).toEqual(['done']);
    expect(again[0]!.data.result).toEqual(first.at(-1)!.data.result);
    expect(await starts(id)).toBe(1);
    expect(before - (await balance())).toBe(10_000);
    const other = await post('/stream/analyze', { text: 'Another text.' }, { 'X-Request-Id': id });
    expect(other.status).toBe(409);
  });
});

describe('the window', () => {
  it('deletes answers older than 24 h on a Temporal schedule, and keeps younger ones', async () => {
    const [old, young] = [randomUUID(), randomUUID()];
    for (const id of [old, young]) expect((await send('POST', '/webhooks/create', { headers: { ...key.auth, 'X-Request-Id': id } })).status).toBe(200);
    const scope = `key:${accountId}`;
    // One as if kept 25 hours ago (the schedule cannot wait a day in a test).
    const rows = await sql<{ key_digest: string }>`select key_digest from idempotent_answers where scope = ${scope} order by created_at`.execute(
      service.database.db,
    );
    await sql`update idempotent_answers set created_at = now() - interval '25 hours' where key_digest = ${rows.rows[0]!.key_digest}`.execute(
      service.database.db,
    );

    const scheduleId = await ensureAnswerPurgeSchedule(service.client, service.config);
    const schedule = service.client.schedule.getHandle(scheduleId);
    try {
      await schedule.trigger();
      await waitFor(async () => (await keptOf(scope)) === 1, 'the purge');
      const again = await send('POST', '/webhooks/create', { headers: { ...key.auth, 'X-Request-Id': young } });
      expect(again.replayed).toBe('true');
    } finally {
      await schedule.delete();
    }
  });
});

describe('concurrent repeats never both run', () => {
  it('a workflow tool: every repeat attaches to the one run and sends the same bytes; charged once', async () => {
    const id = randomUUID();
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/summarize', { text: 'One point. Another point. A third point.', format: 'short' }, { 'X-Request-Id': id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === null).length).toBeGreaterThanOrEqual(1);
    expect(await starts(id)).toBe(1);
    expect(before - (await balance())).toBe(10_000);
  });

  it('a workflow tool on a balance that pays exactly one call: a repeat while it runs waits on it, not refused for the balance it holds', async () => {
    // Bring the balance down to one /stream/analyze (0.01): a task holding its reward besides its 0.002.
    const agent = parse(await post('/agents/register', { name: 'spender' }, {})).agent_id;
    expect((await post('/task/submit', { agent_id: agent, title: 'Hold most of it', reward_usd: 0.233 }, {})).status).toBe(200);
    expect(await balance()).toBe(10_000);
    const id = randomUUID();
    const stream = () =>
      fetch(`${service.baseUrl}/stream/analyze`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...key.auth, 'X-Request-Id': id },
        body: JSON.stringify({ text: 'Sales rose 12% in March while support tickets doubled.' }),
      });
    const first = await stream();
    // The first is running and holds the whole balance when the repeat comes.
    expect(first.status).toBe(200);
    expect(await balance()).toBe(0);
    const repeat = await stream();
    expect([repeat.status, repeat.headers.get('content-type')]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const [a, b] = [await readSse(first), await readSse(repeat)];
    expect(b.at(-1)!.data.result).toEqual(a.at(-1)!.data.result);
    expect(await starts(id)).toBe(1);
    expect(await balance()).toBe(0);
  });

  it('an endpoint the API answers itself: one runs; a repeat while it runs is a 409 with Retry-After, then gets its answer', async () => {
    const id = randomUUID();
    const headers = { ...key.auth, 'X-Request-Id': id };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/webhooks/create', { headers })));
    const created = answers.filter((a) => a.status === 200);
    const inUse = answers.filter((a) => a.status === 409);
    expect(created.length + inUse.length).toBe(6);
    expect(new Set(created.map((a) => a.text)).size).toBe(1);
    for (const answer of inUse) {
      expect(answer.retryAfter).toBe('1');
      expect(parse(answer)).toMatchObject({ error: `X-Request-Id ${id} is in use: the same request is still running`, retry_after: 1 });
    }
    const relays = await live().selectFrom('relays').select('relay_id').where('account_id', '=', accountId).execute();
    expect(relays).toHaveLength(1);
    const later = await send('POST', '/webhooks/create', { headers });
    expect(later).toMatchObject({ status: 200, replayed: 'true' });
    expect(parse(later).id).toBe(relays[0]!.relay_id);
  });

  it('a claim whose request is still in flight answers 409; one left by a process that died passes on after its lease', async () => {
    const id = randomUUID();
    const headers = { ...key.auth, 'X-Request-Id': id };
    expect((await send('POST', '/webhooks/create', { headers })).status).toBe(200);
    // As if that request were still running (its answer not yet kept), then as if its process had died long ago.
    const scope = `key:${accountId}`;
    await sql`update idempotent_answers set state = 'running', answer = null, status = null, created_at = now() where scope = ${scope}`.execute(
      service.database.db,
    );
    const inFlight = await send('POST', '/webhooks/create', { headers });
    expect([inFlight.status, inFlight.retryAfter]).toEqual([409, '1']);
    await sql`update idempotent_answers set created_at = now() - interval '3 minutes' where scope = ${scope}`.execute(service.database.db);
    const takenOver = await send('POST', '/webhooks/create', { headers });
    expect([takenOver.status, takenOver.replayed]).toEqual([200, null]);
    expect(await send('POST', '/webhooks/create', { headers })).toMatchObject({ status: 200, replayed: 'true', text: takenOver.text });
  });
});

describe('request ids that cannot be honoured are refused', () => {
  it('a malformed X-Request-Id on a paid call is a 400 naming the pattern, and charges nothing', async () => {
    const before = await balance();
    const response = await post('/sentiment', { text: 'fine' }, { 'X-Request-Id': 'has spaces and "quotes"' });
    expect(response.status).toBe(400);
    expect(parse(response).error).toBe('X-Request-Id must match ^[A-Za-z0-9._:-]{1,128}$');
    expect(await balance()).toBe(before);
  });

  it('a malformed Idempotency-Key is a 400 naming the pattern', async () => {
    const response = await post('/sentiment', { text: 'fine' }, { 'Idempotency-Key': 'x'.repeat(200) });
    expect(response.status).toBe(400);
    expect(parse(response).error).toBe('Idempotency-Key must match ^[A-Za-z0-9._:-]{1,128}$');
  });

  it('X-Request-Id and Idempotency-Key that differ are a 400', async () => {
    const response = await post('/sentiment', { text: 'fine' }, { 'X-Request-Id': randomUUID(), 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(400);
    expect(parse(response).error).toBe('X-Request-Id and Idempotency-Key differ');
  });
});
