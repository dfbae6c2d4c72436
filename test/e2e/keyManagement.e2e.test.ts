import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { type Config } from '../../schema/config';
import { balanceRow, generateKey, type TestKey, topUp } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

// Keys an account manages, on the shape of a real deployment: two API replicas (each with its key cache and its
// change feed) and a worker, on one PostgreSQL and one Temporal.
let database: TestDatabase;
let config: Config;
let apis: ApiProcess[] = [];
let worker: ReturnType<typeof spawnWorker>;
beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig(database.url);
  worker = spawnWorker(config, database.url);
  // Admission's limit of calls in flight kept out of the way: these tests race 64 calls at once against a key's
  // spend limit, which must refuse them (429), not the replica's overload guard (503, api/admission/).
  const roomy = { ADMISSION_INITIAL_LIMIT: '256', ADMISSION_MIN_LIMIT: '256', ADMISSION_MAX_LIMIT: '256' };
  apis = await Promise.all([spawnApi(config, database.url, roomy), spawnApi(config, database.url, roomy)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([...apis.map((api) => killed(api.child)), killed(worker)]);
  await database.drop();
});

const PRICE = 5_000; // /sentiment, micro-USD
const CONCURRENT = 64;
const LIMITED_TO = 10; // calls' worth of the daily limit

function send(api: ApiProcess, method: string, route: string, auth: Record<string, string>, body?: unknown) {
  return fetch(`${api.baseUrl}${route}`, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json', 'X-Request-Id': randomUUID() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** An account's first key (it manages the account's keys), topped up so its balance never binds here. */
async function account(): Promise<TestKey> {
  const manager = await generateKey(apis[0]!.baseUrl, 'manager');
  expect((await topUp(apis[0]!.baseUrl, config.adminToken, manager.key, 1)).status).toBe(200);
  return manager;
}

async function createKey(manager: TestKey, settings: Record<string, unknown>): Promise<TestKey> {
  const response = await send(apis[0]!, 'POST', '/auth/keys', manager.auth, settings);
  const body = await json(response);
  expect(response.status).toBe(200);
  return { key: body.key, keyId: body.key_id, auth: { Authorization: `Bearer ${body.key}` } };
}

async function sentiment(api: ApiProcess, key: TestKey, requestId = randomUUID()) {
  const response = await fetch(`${api.baseUrl}/sentiment`, {
    method: 'POST',
    headers: { ...key.auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    body: JSON.stringify({ text: 'A limit that holds however many calls arrive at once.' }),
  });
  return { status: response.status, body: await json(response), requestId };
}

async function keySpendRow(keyId: string) {
  return database.db.withSchema(LIVE_SCHEMA).selectFrom('key_spend').selectAll().where('key_id', '=', keyId).executeTakeFirst();
}

describe('a key with a daily spend limit of N calls’ worth, 64 concurrent calls', () => {
  it.each([
    ['one API', 1],
    ['two APIs', 2],
  ])(
    'on %s: exactly N succeed, the rest are refused 429 spend_limit_exceeded, nothing more is held or charged',
    async (_label, replicas) => {
      const manager = await account();
      const limited = await createKey(manager, { label: `limited-${replicas}`, daily_limit_usd: (LIMITED_TO * PRICE) / 1e6 });

      const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => sentiment(apis[i % replicas]!, limited)));
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(ok).toHaveLength(LIMITED_TO);
      expect(refused).toHaveLength(CONCURRENT - LIMITED_TO);
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.body).toMatchObject({ code: 'spend_limit_exceeded', limit: { window: 'daily', limit_usd: 0.05 } });
      }
      // The key's spend and its account's balance say the same: N calls charged, nothing held.
      expect(await keySpendRow(limited.keyId)).toMatchObject({ day_micros: LIMITED_TO * PRICE, spent_micros: LIMITED_TO * PRICE });
      expect(await balanceRow(database.db, manager.keyId)).toMatchObject({ reserved_micros: 0, spent_micros: LIMITED_TO * PRICE });
      // What the key reports of itself.
      const status = await json(await send(apis[replicas - 1]!, 'GET', '/auth/status', limited.auth));
      expect(status.limits).toMatchObject({ daily_limit_usd: 0.05, daily: { spent_usd: 0.05, remaining_usd: 0 } });
      // The account's other key is not bound by this key's limit.
      expect((await sentiment(apis[0]!, manager)).status).toBe(200);
    },
    180_000,
  );
});

describe('revocation, rotation and rate limits across replicas', () => {
  it('a key revoked on one API answers 401 key_revoked on the other at once, and is charged nothing', async () => {
    const manager = await account();
    const spare = await createKey(manager, { label: 'spare' });
    // Both replicas have found (and keep) the key.
    for (const api of apis) expect((await sentiment(api, spare)).status).toBe(200);
    const revoked = await send(apis[1]!, 'DELETE', `/auth/keys/${spare.keyId}`, manager.auth);
    expect(revoked.status).toBe(200);
    expect(await json(revoked)).toMatchObject({ key_id: spare.keyId, status: 'revoked' });
    const before = await balanceRow(database.db, manager.keyId);
    // The very next paid call on the other replica: refused (its reservation reads the key under the account's lock).
    const after = await sentiment(apis[0]!, spare);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('key_revoked');
    expect(await balanceRow(database.db, manager.keyId)).toMatchObject({ available_micros: before.available_micros, spent_micros: before.spent_micros });
    // And every endpoint, through that replica's key cache, which the revocation's notification emptied of it.
    const status = await send(apis[0]!, 'GET', '/auth/status', spare.auth);
    expect(status.status).toBe(401);
    expect((await json(status)).code).toBe('key_revoked');
  }, 120_000);

  it('rotation: the new secret works at once on both APIs; the old one works through its grace, or stops at once without, and so do older ones', async () => {
    const manager = await account();
    const rotating = await createKey(manager, { label: 'rotating' });
    for (const api of apis) expect((await send(api, 'GET', '/auth/status', rotating.auth)).status).toBe(200);

    const graced = await json(await send(apis[1]!, 'POST', `/auth/keys/${rotating.keyId}/rotate`, manager.auth, { grace_seconds: 3600 }));
    expect(graced).toMatchObject({ key_id: rotating.keyId, previous: { masked: `${rotating.key.slice(0, 8)}…${rotating.key.slice(-4)}` } });
    const second = { key: graced.key as string, keyId: rotating.keyId, auth: { Authorization: `Bearer ${graced.key}` } };
    // Within the grace both secrets work, on either replica; the key's id and spend are one.
    for (const api of apis) {
      expect((await sentiment(api, rotating)).status).toBe(200);
      expect((await sentiment(api, second)).status).toBe(200);
    }
    expect(await keySpendRow(rotating.keyId)).toMatchObject({ spent_micros: 4 * PRICE });

    const abrupt = await json(await send(apis[1]!, 'POST', `/auth/keys/${rotating.keyId}/rotate`, manager.auth, { grace_seconds: 0 }));
    const third = { key: abrupt.key as string, keyId: rotating.keyId, auth: { Authorization: `Bearer ${abrupt.key}` } };
    const stale = await send(apis[0]!, 'GET', '/auth/status', second.auth);
    expect(stale.status).toBe(401);
    expect((await json(stale)).code).toBe('key_rotated');
    // A rotation with no grace leaves no old secret working: the one rotated out earlier, still in its hour of grace,
    // stops with it, and the key lists no previous secret.
    const earlier = await send(apis[0]!, 'GET', '/auth/status', rotating.auth);
    expect(earlier.status).toBe(401);
    expect((await json(earlier)).code).toBe('key_rotated');
    const listed = await json(await send(apis[1]!, 'GET', '/auth/keys', manager.auth));
    expect(listed.keys.find((k: { key_id: string }) => k.key_id === rotating.keyId).previous_secrets).toEqual([]);
    expect((await sentiment(apis[0]!, third)).status).toBe(200);
    // Revoking the key ends every secret of it, one in a grace too.
    const graced2 = await json(await send(apis[1]!, 'POST', `/auth/keys/${rotating.keyId}/rotate`, manager.auth, { grace_seconds: 3600 }));
    const fourth = { key: graced2.key as string, keyId: rotating.keyId, auth: { Authorization: `Bearer ${graced2.key}` } };
    expect((await send(apis[0]!, 'GET', '/auth/status', third.auth)).status).toBe(200);
    expect((await send(apis[1]!, 'DELETE', `/auth/keys/${rotating.keyId}`, manager.auth)).status).toBe(200);
    for (const secret of [rotating, third, fourth]) expect((await send(apis[0]!, 'GET', '/auth/status', secret.auth)).status).toBe(401);
  }, 120_000);

  it('manage_keys can be granted to an unlimited key (label or not), the first key renamed, and then revoked', async () => {
    const manager = await account();
    // The first key is renamed (its label is not a limit).
    const renamed = await send(apis[0]!, 'PATCH', `/auth/keys/${manager.keyId}`, manager.auth, { label: 'owner' });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({ label: 'owner', manage_keys: true });
    // The last manager cannot be revoked; the 409 says what to do, and doing it works.
    const last = await send(apis[0]!, 'DELETE', `/auth/keys/${manager.keyId}`, manager.auth);
    expect(last.status).toBe(409);
    expect((await json(last)).code).toBe('last_manager_key');
    const deputy = await createKey(manager, { label: 'deputy', manage_keys: true });
    const spare = await createKey(manager, { label: 'spare' });
    const granted = await send(apis[1]!, 'PATCH', `/auth/keys/${spare.keyId}`, manager.auth, { manage_keys: true });
    expect(granted.status).toBe(200);
    expect(await json(granted)).toMatchObject({ label: 'spare', manage_keys: true });
    expect((await send(apis[0]!, 'DELETE', `/auth/keys/${manager.keyId}`, deputy.auth)).status).toBe(200);
    // A key with a limit still may not manage keys, and the refusal names its limits only.
    const limited = await send(apis[0]!, 'POST', '/auth/keys', deputy.auth, { label: 'capped', daily_limit_usd: 1, manage_keys: true });
    expect(limited.status).toBe(400);
    expect((await json(limited)).error).toMatch(/\(this one has daily_limit_usd\)/);
  }, 60_000);

  it('a key’s rpm holds across both APIs: of 8 requests spread over them, 5 pass', async () => {
    const manager = await account();
    const slow = await createKey(manager, { label: 'slow', rpm: 5 });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await send(apis[i % 2]!, 'GET', '/auth/status', slow.auth)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  }, 60_000);

  it('allowed_tools: a key limited to /sentiment is refused /keywords (403 tool_not_allowed) and nothing is charged', async () => {
    const manager = await account();
    const narrow = await createKey(manager, { label: 'narrow', allowed_tools: ['/sentiment'] });
    const refused = await send(apis[0]!, 'POST', '/keywords', narrow.auth, { text: 'limits, keys, replicas' });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: 'tool_not_allowed', allowed_tools: ['/sentiment'] });
    expect((await sentiment(apis[1]!, narrow)).status).toBe(200);
    expect(await keySpendRow(narrow.keyId)).toMatchObject({ spent_micros: PRICE });
    // A limited key may not manage keys (it could lift its own limits).
    const managing = await send(apis[0]!, 'POST', '/auth/keys', narrow.auth, { label: 'escape' });
    expect(managing.status).toBe(403);
    expect((await json(managing)).code).toBe('manage_keys_required');
  }, 60_000);
});

describe('the operator', () => {
  it('finds an account by a key’s prefix, refunds a call once as a compensating event (shown by npm run audit), and replay agrees', async () => {
    const manager = await account();
    const paying = await createKey(manager, { label: 'paying', daily_limit_usd: 1 });
    const call = await sentiment(apis[0]!, paying);
    expect(call.status).toBe(200);
    // The call's id: its request id in the namespace of the account the paying key belongs to (the manager's).
    const callId = keyCallId(manager.keyId, call.requestId);
    const admin = { 'X-Admin-Token': config.adminToken };

    const found = await json(await send(apis[1]!, 'GET', `/admin/accounts?key_prefix=${encodeURIComponent(paying.key.slice(0, 8))}`, admin));
    expect(found.accounts).toHaveLength(1);
    expect(found.accounts[0]).toMatchObject({ account_id: manager.keyId, kind: 'key' });
    expect(found.accounts[0].keys.map((k: { key_id: string }) => k.key_id).sort()).toEqual([manager.keyId, paying.keyId].sort());

    const before = await balanceRow(database.db, manager.keyId);
    const refunded = await send(apis[1]!, 'POST', `/admin/calls/${callId}/refund`, admin, { reason: 'the answer was empty' });
    expect(refunded.status).toBe(200);
    expect(await json(refunded)).toMatchObject({ call_id: callId, account_id: manager.keyId, refunded_usd: PRICE / 1e6 });
    expect(await balanceRow(database.db, manager.keyId)).toMatchObject({
      available_micros: before.available_micros + PRICE,
      spent_micros: before.spent_micros - PRICE,
    });
    // The key's day has the room back, and its spend says what it costs now.
    expect(await keySpendRow(paying.keyId)).toMatchObject({ day_micros: 0, spent_micros: 0 });
    const again = await send(apis[0]!, 'POST', `/admin/calls/${callId}/refund`, admin, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('already_refunded');
    // Without the operator's token: nothing.
    expect((await send(apis[0]!, 'POST', `/admin/calls/${callId}/refund`, manager.auth, { reason: 'mine' })).status).toBe(401);

    const audit = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../../scripts/audit.ts'), `call-${callId}`], {
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(audit.stdout).toMatch(/ToolCallCompleted/);
    const refundLine = audit.stdout.split('\n').find((line) => line.includes(' ToolCallRefunded '));
    expect(refundLine).toMatch(/amountMicros=5000 \(\$0\.005000\)/);
    expect(refundLine).toMatch(/reason=the answer was empty/);
    expect(refundLine).toMatch(/ by operator$/);

    // Every limit, secret and spend figure above follows from the log alone.
    // A change of limits is an event too: the holder raises the key's daily limit and lifts its monthly one.
    const patched = await send(apis[1]!, 'PATCH', `/auth/keys/${paying.keyId}`, manager.auth, {
      daily_limit_usd: 2,
      monthly_limit_usd: null,
      label: 'paying-2',
    });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ label: 'paying-2', limits: { daily_limit_usd: 2, monthly_limit_usd: null, daily: { remaining_usd: 2 } } });
    const listed = await json(await send(apis[0]!, 'GET', '/auth/keys', manager.auth));
    expect(listed.keys.find((k: { key_id: string }) => k.key_id === paying.keyId)).toMatchObject({ label: 'paying-2', spent_usd: 0, calling: false });

    // The calls read model (async) has seen every call and the refund before the log is replayed against it.
    await waitFor(
      async () => {
        const live = database.db.withSchema(LIVE_SCHEMA);
        const [calls, logged, refundedRow] = await Promise.all([
          live
            .selectFrom('calls')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
          database.db
            .selectFrom('events')
            .select((eb) => eb.fn.count<number>('stream_id').distinct().as('n'))
            .where('type', 'in', ['ToolCallStarted', 'ToolCallRejected'])
            .executeTakeFirstOrThrow(),
          live.selectFrom('calls').select('refunded_micros').where('call_id', '=', callId).executeTakeFirst(),
        ]);
        return Number(calls.n) === Number(logged.n) && Number(refundedRow?.refunded_micros) === PRICE;
      },
      'the calls read model to see every call and the refund',
      60_000,
    );
    const report = await replayProjections(database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows).toMatchObject({ keySpend: expect.any(Number), keySecrets: expect.any(Number) });
  }, 120_000);
});
