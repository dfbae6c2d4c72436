import { sql, type Transaction } from 'kysely';
import type { Tables } from '../../core/db/tables';
import type { StoredEvent } from '../../core/eventStore';
import { createSubscriber, type SubscriptionHandler } from '../../core/subscriptions/subscriber';
import { event } from '../../schema/events';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table seen (position bigint primary key, stream_id text not null)`.execute(database.db);
});
afterAll(() => database.drop());

/** Records every event it is handed in a table; the primary key makes a second delivery fail loudly. */
const recorder: SubscriptionHandler = {
  id: 'recorder',
  async handle(trx: Transaction<Tables>, events: readonly StoredEvent[]) {
    for (const e of events) await sql`insert into seen (position, stream_id) values (${e.position}, ${e.streamId})`.execute(trx);
  },
};

const seen = async () => (await sql<{ stream_id: string }>`select stream_id from seen order by position`.execute(database.db)).rows.map((r) => r.stream_id);
const opened = (id: string) => event('AccountOpened', { accountId: id, kind: 'key' });

describe('subscriber', () => {
  it('is woken by notifications, and after a stop catches up on what it missed: none skipped, none twice', async () => {
    const first = createSubscriber({ db: database.db, connectionString: database.url, handlers: [recorder], pollIntervalMs: 60_000 });
    await first.start();
    try {
      await database.store.append('s-1', [opened('1')]);
      await database.store.append('s-2', [opened('2')]);
      await waitFor(async () => (await seen()).length === 2, 'notified events');
    } finally {
      await first.stop();
    }

    for (let i = 3; i <= 12; i++) await database.store.append(`s-${i}`, [opened(String(i))]);
    expect(await seen()).toHaveLength(2);

    const second = createSubscriber({ db: database.db, connectionString: database.url, handlers: [recorder], pollIntervalMs: 60_000, batchSize: 4 });
    await second.start();
    try {
      // Catch-up reads only below the cluster's oldest open transaction (any database's), so it may take a re-poll.
      await waitFor(async () => (await seen()).length >= 12, 'the events appended while it was stopped');
      expect(await seen()).toEqual(Array.from({ length: 12 }, (_, i) => `s-${i + 1}`));
    } finally {
      await second.stop();
    }
  });

  it('catches up after its listening connection is cut and comes back', async () => {
    const before = (await seen()).length;
    const subscriber = createSubscriber({
      db: database.db,
      connectionString: `${database.url}${database.url.includes('?') ? '&' : '?'}application_name=listener-under-test`,
      handlers: [recorder],
      pollIntervalMs: 60_000,
    });
    await subscriber.start();
    try {
      const cut = await sql<{
        ok: boolean;
      }>`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'listener-under-test'`.execute(database.db);
      expect(cut.rows).toEqual([{ ok: true }]);
      await database.store.append('cut-1', [opened('cut')]);
      await waitFor(async () => (await seen()).includes('cut-1'), 'the event appended while disconnected');
      expect((await seen()).length).toBe(before + 1);
    } finally {
      await subscriber.stop();
    }
  });
});

describe('subscriber behind an open transaction', () => {
  it('reads events committed behind a still-open older transaction as soon as it ends, even if that ending sends no notification', async () => {
    const subscriber = createSubscriber({ db: database.db, connectionString: database.url, handlers: [recorder], pollIntervalMs: 60_000 });
    await subscriber.start();
    const blocker = await database.pool.connect();
    try {
      const before = (await seen()).length;
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()'); // takes a transaction id: the horizon stops here
      await database.store.append('behind-1', [opened('behind')]);
      // A drain after the append has read all it may: the event waits behind the open transaction.
      await subscriber.catchUp();
      expect((await seen()).length).toBe(before);
      await blocker.query('rollback'); // a rollback notifies nobody
      await waitFor(async () => (await seen()).includes('behind-1'), 'the held-back event', 5000);
    } finally {
      blocker.release();
      await subscriber.stop();
    }
  });
});
