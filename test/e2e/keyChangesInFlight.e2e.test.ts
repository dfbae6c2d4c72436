import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { json } from '../support/json';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';
import type { Config } from '../../schema/config';

// A key's limits and its revocation against calls already waiting for the account's lock: once the change commits,
// no reservation may pass the settings it replaced, whatever the waiting statements read before they waited.
let database: TestDatabase;
let config: Config;
let api: ApiProcess;
let worker: ReturnType<typeof spawnWorker>;
beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig(database.url);
  worker = spawnWorker(config, database.url);
  api = await spawnApi(config, database.url);
}, 180_000);
afterAll(async () => {
  await Promise.all([killed(api.child), killed(worker)]);
  await database.drop();
});

const PRICE = 5_000; // /sentiment, micro-USD

function send(method: string, route: string, auth: Record<string, string>, body?: unknown) {
  return fetch(`${api.baseUrl}${route}`, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json', 'X-Request-Id': randomUUID() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const sentiment = (key: TestKey) => send('POST', '/sentiment', key.auth, { text: 'Limits that hold for calls already waiting.' });

/** An account (its first key manages it, topped up so the balance never binds) and a key of it with a daily limit of 1 USD. */
async function limitedKey(): Promise<{ manager: TestKey; limited: TestKey }> {
  const manager = await generateKey(api.baseUrl, 'manager');
  expect((await topUp(api.baseUrl, config.adminToken, manager.key, 5)).status).toBe(200);
  const created = await json(await send('POST', '/auth/keys', manager.auth, { label: 'limited', daily_limit_usd: 1 }));
  return { manager, limited: { key: created.key, keyId: created.key_id, auth: { Authorization: `Bearer ${created.key}` } } };
}

/** The key's stream in position order: its reservations (from its account's stream) and the change. */
async function keyHistory(accountId: string, keyId: string) {
  const { rows } = await database.pool.query<{ position: string; type: string; data: { keyId?: string; amountMicros?: number } }>(
    `select position, type, data from events where (stream_id = $1 and type = 'ChargeReserved' and data->>'keyId' = $2)
       or (stream_id = $3 and type in ('KeySettingsChanged', 'KeyRevoked')) order by position`,
    [`account-${accountId}`, keyId, `key-${keyId}`],
  );
  return rows.map((row) => ({ position: Number(row.position), type: row.type, amount: row.data.amountMicros ?? 0 }));
}

/** How many sessions of the test's database wait for a lock now. */
async function lockWaiters(): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(rows[0]!.n);
}

/**
 * Runs `change` while calls queue behind it: the key's stream is held here, so the change takes the account's lock
 * (as every key change does) and then waits for the key's; the calls sent meanwhile wait for the account's lock, each
 * in a statement begun before the change commits. Released once they wait, the change commits first, then the calls.
 */
async function changeWhileCallsWait(key: TestKey, calls: number, change: () => Promise<Response>) {
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('begin');
  await holder.query(`select version from streams where stream_id = $1 for update`, [`key-${key.keyId}`]);
  const changed = change();
  await waitFor(async () => (await lockWaiters()) >= 1, 'the change to wait for the key', 30_000);
  const answers = Array.from({ length: calls }, () => sentiment(key));
  // The change and at least three calls' reservations wait (a worker reserves as many at once as its pool lets it).
  await waitFor(async () => (await lockWaiters()) >= 4, 'calls to queue behind the change', 30_000);
  await holder.query('rollback');
  await holder.end();
  const response = await changed;
  return { response, statuses: (await Promise.all(answers)).map((a) => a.status) };
}

describe('a change to a key while its calls wait for the account', () => {
  it('a lowered daily limit: no reservation after the change passes the new limit', async () => {
    const { manager, limited } = await limitedKey();
    // Spend something first, so the key has a day's spend the new limit is already below.
    expect((await sentiment(limited)).status).toBe(200);
    const { response, statuses } = await changeWhileCallsWait(limited, 8, () =>
      send('PATCH', `/auth/keys/${limited.keyId}`, manager.auth, { daily_limit_usd: 0.001 }),
    );
    expect(response.status).toBe(200);
    const history = await keyHistory(manager.keyId, limited.keyId);
    const change = history.findIndex((e) => e.type === 'KeySettingsChanged');
    expect(change).toBeGreaterThan(0);
    expect(history.slice(change + 1).filter((e) => e.type === 'ChargeReserved')).toEqual([]);
    expect(statuses.every((s) => s === 429)).toBe(true);
  }, 120_000);

  it('a revocation: no reservation of the key is written after it', async () => {
    const { manager, limited } = await limitedKey();
    const { response, statuses } = await changeWhileCallsWait(limited, 8, () => send('DELETE', `/auth/keys/${limited.keyId}`, manager.auth));
    expect(response.status).toBe(200);
    const history = await keyHistory(manager.keyId, limited.keyId);
    const revoked = history.findIndex((e) => e.type === 'KeyRevoked');
    expect(revoked).toBeGreaterThanOrEqual(0);
    expect(history.slice(revoked + 1)).toEqual([]);
    expect(statuses.every((s) => s === 401)).toBe(true);
  }, 120_000);

  it('a limit lowered in the middle of a burst of 30 calls: every reservation after it fits the new limit', async () => {
    const { manager, limited } = await limitedKey();
    const burst = Array.from({ length: 30 }, () => sentiment(limited));
    // Once the first of them is reserved, the limit drops to two calls' worth.
    await waitFor(async () => (await keyHistory(manager.keyId, limited.keyId)).length > 0, 'the first reservation', 30_000);
    const patched = await send('PATCH', `/auth/keys/${limited.keyId}`, manager.auth, { daily_limit_usd: (2 * PRICE) / 1e6 });
    expect(patched.status).toBe(200);
    await Promise.all(burst);
    const history = await keyHistory(manager.keyId, limited.keyId);
    const change = history.findIndex((e) => e.type === 'KeySettingsChanged');
    const spentBefore = history.slice(0, change).reduce((sum, e) => sum + e.amount, 0);
    let spent = spentBefore;
    for (const reserved of history.slice(change + 1)) {
      spent += reserved.amount;
      expect(spent).toBeLessThanOrEqual(2 * PRICE);
    }
  }, 120_000);
});
