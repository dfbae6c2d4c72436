import { sql } from 'kysely';
import pg from 'pg';
import { EVENTS_CHANNEL, readAllAfter, readStream, START, StreamVersionConflict } from '../../core/eventStore';
import { readAllAfterNoting } from '../../core/eventStore/readAllAfter';
import { event } from '../../schema/events';
import { waitFor } from '../support/waitFor';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const opened = (id: string) => event('AccountOpened', { accountId: id, kind: 'key' });
const credit = (id: string, amountMicros: number) => event('CreditGranted', { accountId: id, amountMicros, reason: 'topup' });

/** Where the log ends now: a reader's checkpoint that sees only what is appended after it. */
async function endOfLog(db: TestDatabase['store']['db']) {
  const tail = await readAllAfter(db, START, 100_000);
  const last = tail[tail.length - 1];
  return last ? { transactionId: last.transactionId, position: last.position } : START;
}

describe('event store', () => {
  it('lets exactly one of two concurrent appends with the same expected version win', async () => {
    const { store } = database;
    await store.append('account-race', [opened('race')], { expectedVersion: 'no_stream' });
    const results = await Promise.allSettled([
      store.append('account-race', [credit('race', 1)], { expectedVersion: 1 }),
      store.append('account-race', [credit('race', 2)], { expectedVersion: 1 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(StreamVersionConflict);
    expect((rejected.reason as StreamVersionConflict).actual).toBe(2);
    expect((await readStream(store.db, 'account-race')).map((e) => e.version)).toEqual([1, 2]);
  });

  it('refuses to create a stream twice with no_stream and to append at a stale version', async () => {
    const { store } = database;
    await store.append('account-once', [opened('once')], { expectedVersion: 'no_stream' });
    await expect(store.append('account-once', [opened('once')], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(StreamVersionConflict);
    await expect(store.append('account-once', [credit('once', 5)], { expectedVersion: 0 })).rejects.toBeInstanceOf(StreamVersionConflict);
    await expect(store.append('account-new', [credit('new', 5)], { expectedVersion: 3 })).rejects.toBeInstanceOf(StreamVersionConflict);
  });

  it('numbers a multi-event append consecutively and updates inline projections in the same transaction', async () => {
    const { store } = database;
    const result = await store.append('account-multi', [opened('multi'), credit('multi', 250_000), credit('multi', 1)]);
    expect(result.nextVersion).toBe(3);
    expect(result.events.map((e) => e.version)).toEqual([1, 2, 3]);
    const balance = await store.db.withSchema('projections').selectFrom('balances').selectAll().where('account_id', '=', 'multi').executeTakeFirstOrThrow();
    expect(balance.available_micros).toBe(250_001);
  });

  it('appends to several streams in one go: each numbered from its own version, positions in the order given, projections of both', async () => {
    const { store } = database;
    await store.append('account-each-a', [opened('each-a'), credit('each-a', 10)]);
    const [a, b] = await store.transaction((tx) =>
      tx.appendToEach([
        { streamId: 'account-each-a', events: [credit('each-a', 5), credit('each-a', 1)], options: { expectedVersion: 2, metadata: { actor: 'a' } } },
        { streamId: 'account-each-b', events: [opened('each-b'), credit('each-b', 7)], options: { expectedVersion: 'no_stream', metadata: { actor: 'b' } } },
      ]),
    );
    expect(a!.events.map((e) => [e.streamId, e.version, e.metadata.actor])).toEqual([
      ['account-each-a', 3, 'a'],
      ['account-each-a', 4, 'a'],
    ]);
    expect(b!.events.map((e) => [e.streamId, e.version, e.metadata.actor])).toEqual([
      ['account-each-b', 1, 'b'],
      ['account-each-b', 2, 'b'],
    ]);
    const positions = [...a!.events, ...b!.events].map((e) => e.position);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect([a!.nextVersion, b!.nextVersion]).toEqual([4, 2]);
    const balances = await store.db
      .withSchema('projections')
      .selectFrom('balances')
      .select(['account_id', 'available_micros'])
      .where('account_id', 'in', ['each-a', 'each-b'])
      .orderBy('account_id')
      .execute();
    expect(balances).toEqual([
      { account_id: 'each-a', available_micros: 16 },
      { account_id: 'each-b', available_micros: 7 },
    ]);
  });

  it('refuses a several-stream append when any stream is not at its expected version, and the transaction keeps none of it', async () => {
    const { store } = database;
    await store.append('account-each-c', [opened('each-c')]);
    const attempt = store.transaction((tx) =>
      tx.appendToEach([
        { streamId: 'account-each-d', events: [opened('each-d')], options: { expectedVersion: 'no_stream' } },
        { streamId: 'account-each-c', events: [credit('each-c', 3)], options: { expectedVersion: 5 } },
      ]),
    );
    await expect(attempt).rejects.toMatchObject({ streamId: 'account-each-c', expected: 5, actual: 1 });
    expect(await readStream(store.db, 'account-each-d')).toEqual([]);
    expect((await readStream(store.db, 'account-each-c')).map((e) => e.version)).toEqual([1]);
    await expect(
      store.transaction((tx) =>
        tx.appendToEach([
          { streamId: 'x', events: [opened('x')] },
          { streamId: 'x', events: [opened('x')] },
        ]),
      ),
    ).rejects.toThrow('names each stream once');
  });

  it('rolls back events and projections together when the transaction fails', async () => {
    const { store } = database;
    await expect(
      store.transaction(async (tx) => {
        await tx.append('account-rollback', [opened('rollback'), credit('rollback', 9)]);
        throw new Error('decided against it');
      }),
    ).rejects.toThrow('decided against it');
    expect(await readStream(store.db, 'account-rollback')).toEqual([]);
    expect(await store.db.withSchema('projections').selectFrom('balances').selectAll().where('account_id', '=', 'rollback').executeTakeFirst()).toBeUndefined();
  });

  it('wakes listeners once per committed transaction, however many streams it wrote, and never for one rolled back', async () => {
    const { store, url } = database;
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    try {
      await store.transaction(async (tx) => {
        await tx.append('account-wake-a', [opened('wake-a')]);
        await tx.append('account-wake-b', [opened('wake-b'), credit('wake-b', 1)]);
      });
      await waitFor(async () => heard.length === 1 || undefined, 'the notification of the committed transaction');
      await expect(
        store.transaction(async (tx) => {
          await tx.append('account-wake-c', [opened('wake-c')]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // Notifications arrive in commit order: one for the rollback would come before the sentinel's.
      await store.append('account-wake-sentinel', [opened('wake-sentinel')]);
      await waitFor(async () => heard.length >= 2 || undefined, "the sentinel's notification");
      expect(heard).toEqual([EVENTS_CHANNEL, EVENTS_CHANNEL]);
    } finally {
      await listener.end();
    }
  });

  it('is append-only: updating or deleting an event is refused by the database', async () => {
    const { store } = database;
    await store.append('account-frozen', [opened('frozen')]);
    await expect(sql`update events set type = 'Tampered' where stream_id = 'account-frozen'`.execute(store.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from events where stream_id = 'account-frozen'`.execute(store.db)).rejects.toThrow(/append-only/);
  });

  it('reads past a transaction open in another database of the cluster, never past one open in its own', async () => {
    const { store, pool } = database;
    const from = await endOfLog(store.db);
    // Another database of the cluster (Temporal's persistence beside ours, another service's) holds a transaction
    // open that has written (an id assigned), older than our event's.
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await store.append('past-elsewhere', [opened('past-elsewhere')]);
      const read = await readAllAfterNoting(store.db, from);
      expect({ streams: read.events.map((e) => e.streamId), held: read.held }).toEqual({ streams: ['past-elsewhere'], held: false });

      // One of our own database's, open before the next event: that event waits until it ends.
      const mine = await pool.connect();
      try {
        await mine.query('begin');
        await mine.query('select pg_current_xact_id()');
        await store.append('behind-mine', [opened('behind-mine')]);
        const whileOpen = await readAllAfterNoting(store.db, from);
        expect({ streams: whileOpen.events.map((e) => e.streamId), held: whileOpen.held }).toEqual({ streams: ['past-elsewhere'], held: true });
        await mine.query('rollback');
      } finally {
        mine.release();
      }
      const after = await readAllAfterNoting(store.db, from);
      expect(after.events.map((e) => e.streamId)).toEqual(['past-elsewhere', 'behind-mine']);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });

  it('never lets a reader pass an event whose transaction commits after a later one', async () => {
    const { store, pool } = database;
    const from = await endOfLog(store.db);

    // The slow transaction takes its position first, then stays open while a later one commits.
    const slow = await pool.connect();
    await slow.query('begin');
    await slow.query(`insert into events (stream_id, version, type, data) values ('slow-1', 1, 'AccountOpened', '{"accountId":"slow","kind":"key"}')`);
    await store.append('fast-1', [opened('fast')]);

    const whileOpen = await readAllAfter(store.db, from);
    expect(whileOpen.map((e) => e.streamId)).not.toContain('fast-1');
    expect(whileOpen.map((e) => e.streamId)).not.toContain('slow-1');

    await slow.query('commit');
    slow.release();
    // Both events show up, in commit order (other test files' transactions on this database's cluster do not hold
    // them back: the next test).
    const ours = ['slow-1', 'fast-1'];
    const afterCommit = await waitFor(async () => {
      const events = (await readAllAfter(store.db, from)).filter((e) => ours.includes(e.streamId));
      return events.length === ours.length ? events : undefined;
    }, 'both events once the slow transaction committed');
    expect(afterCommit.map((e) => e.streamId)).toEqual(['slow-1', 'fast-1']);
  });
});
