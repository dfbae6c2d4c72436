import { sql } from 'kysely';
import { allProjections, asyncProjections, LIVE_SCHEMA } from '../../core/projections';
import { asyncProjectionHandler } from '../../core/projections/asyncProjectionHandler';
import { replayProjections } from '../../core/projections/replay';
import { createSubscriber } from '../../core/subscriptions/subscriber';
import { event, type Payer } from '../../schema/events';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const { store } = database;
  const payer: Payer = { kind: 'key', id: 'acct-1' };
  await store.append('account-acct-1', [
    event('AccountOpened', { accountId: 'acct-1', kind: 'key' }),
    event('CreditGranted', { accountId: 'acct-1', amountMicros: 250_000, reason: 'trial' }),
  ]);
  await store.append('key-k1', [event('KeyCreated', { keyId: 'k1', accountId: 'acct-1', keyHash: 'h1', masked: 'apk_abcd…wxyz' })]);
  for (const [i, ok] of [
    [1, true],
    [2, false],
    [3, true],
  ] as const) {
    const callId = `c${i}`;
    await store.append(`call-${callId}`, [
      event('ToolCallStarted', { callId, tool: 'sentiment', payer, priceMicros: 10_000, discountPercent: 0, pricing: 'flat', requestId: callId }),
    ]);
    await store.append('account-acct-1', [
      event('ChargeReserved', {
        accountId: 'acct-1',
        callId,
        tool: 'sentiment',
        amountMicros: 10_000,
        listPriceMicros: 10_000,
        discountPercent: 0,
        pricing: 'flat',
      }),
    ]);
    if (ok) {
      await store.append(`call-${callId}`, [
        event('ToolCallCompleted', {
          callId,
          tool: 'sentiment',
          payer,
          model: 'local/vader',
          tokens: { input: 3, output: 9 },
          durationMs: 2,
          chargedMicros: 10_000,
        }),
      ]);
      await store.append('account-acct-1', [event('ChargeSettled', { accountId: 'acct-1', callId, reservedMicros: 10_000, chargedMicros: 10_000 })]);
    } else {
      await store.append(`call-${callId}`, [
        event('ToolCallFailed', { callId, tool: 'sentiment', payer, error: 'boom', code: 'InternalError', refundedMicros: 10_000 }),
      ]);
      await store.append('account-acct-1', [event('ChargeRefunded', { accountId: 'acct-1', callId, amountMicros: 10_000, reason: 'InternalError' })]);
    }
  }
  await store.append('freetier-10.0.0.1-2026-11-25', [event('FreeCallUsed', { ip: '10.0.0.1', day: '2026-11-25', callId: 'f1', tool: 'keywords' })]);
  const subscriber = createSubscriber({
    db: database.db,
    connectionString: database.url,
    handlers: asyncProjections.map((p) => asyncProjectionHandler(p, LIVE_SCHEMA)),
  });
  await subscriber.start();
  // Catch-up reads only below the cluster's oldest open transaction (other test files' too): it may take a re-poll.
  await waitFor(
    async () => Number((await sql<{ n: string }>`select count(*) as n from projections.calls`.execute(database.db)).rows[0]!.n) === 3,
    'the calls read model to catch up',
  );
  await subscriber.stop();
});
afterAll(() => database.drop());

describe('replay', () => {
  it('rebuilds every projection from the log alone and finds no drift', async () => {
    const report = await replayProjections(database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows).toMatchObject({ balances: 1, keys: 1, freeTierUsage: 1, calls: 3 });
    const balance = await database.db.withSchema(LIVE_SCHEMA).selectFrom('balances').selectAll().executeTakeFirstOrThrow();
    expect(balance).toMatchObject({ available_micros: 230_000, reserved_micros: 0, spent_micros: 20_000, credited_micros: 250_000 });
  });

  it('reports a tampered projection row as drift, naming the row and both values', async () => {
    await sql`update projections.balances set available_micros = available_micros + 1000000 where account_id = 'acct-1'`.execute(database.db);
    const report = await replayProjections(database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toHaveLength(1);
    expect(report.drift[0]).toMatchObject({ projection: 'balances', live: { available_micros: 1_230_000 }, replayed: { available_micros: 230_000 } });
    await sql`update projections.balances set available_micros = available_micros - 1000000 where account_id = 'acct-1'`.execute(database.db);
  });

  it('reports a row the log does not explain, and one that is missing', async () => {
    await sql`insert into projections.api_keys (key_id, account_id, masked, created_at, manage_keys) values ('kx', 'acct-x', 'apk_forg…ed00', now(), false)`.execute(
      database.db,
    );
    await sql`delete from projections.calls where call_id = 'c2'`.execute(database.db);
    const report = await replayProjections(database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    const found = report.drift.map((d) => [d.projection, d.live === null ? 'missing' : d.replayed === null ? 'unexplained' : 'changed']);
    expect(found).toEqual(
      expect.arrayContaining([
        ['keys', 'unexplained'],
        ['calls', 'missing'],
      ]),
    );
    expect(report.drift).toHaveLength(2);
  });
});
