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

describe('subscriber gathering notifications', () => {
  it('serves the transactions committed within its gathering window in one pass, not one pass each', async () => {
    const batches: number[] = [];
    const counting: SubscriptionHandler = {
      id: 'gathering',
      handles: ['AccountOpened'],
      async handle(_trx, events) {
        const mine = events.filter((e) => e.streamId.startsWith('gather-'));
        if (mine.length) batches.push(mine.length);
      },
    };
    const subscriber = createSubscriber({ db: database.db, connectionString: database.url, handlers: [counting], pollIntervalMs: 60_000, gatherMs: 2_000 });
    await subscriber.start();
    try {
      // Spaced so that, without gathering, each commit's notification would start a pass of its own.
      for (let i = 1; i <= 5; i++) {
        await database.store.append(`gather-${i}`, [opened(`gather-${i}`)]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await waitFor(async () => batches.reduce((a, b) => a + b, 0) === 5 || undefined, 'the five events handled');
      // One pass, or two when a transaction elsewhere in the cluster held some back for a moment.
      expect(batches.length).toBeLessThan(5);
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

describe('subscriber with handlers that want only some events', () => {
  /** Records what it is handed under its own name, in its own table rows (a second delivery fails on the key). */
  const recording = (id: string, handles?: string[]) => {
    const handed: string[][] = [];
    const handler: SubscriptionHandler = {
      id,
      ...(handles ? { handles } : {}),
      async handle(_trx, events) {
        handed.push(events.map((e) => `${e.type}:${e.streamId}`));
      },
    };
    return { handler, handed };
  };

  it('does not run a handler for batches without its event types, yet moves its checkpoint past them', async () => {
    const witness = recording('witness');
    const picky = recording('picky', ['CreditGranted']);
    const subscriber = createSubscriber({
      db: database.db,
      connectionString: database.url,
      handlers: [witness.handler, picky.handler],
      pollIntervalMs: 60_000,
    });
    await subscriber.start();
    try {
      // What the earlier tests appended is history to both: start watching from here.
      await database.store.append('picky-0', [opened('picky-0')]);
      await waitFor(async () => witness.handed.flat().includes('AccountOpened:picky-0'), 'the witness catching up');
      picky.handed.length = 0;
      const witnessed = () => witness.handed.flat();
      for (let i = 1; i <= 3; i++) await database.store.append(`picky-${i}`, [opened(`picky-${i}`)]);
      await waitFor(async () => witnessed().includes('AccountOpened:picky-3'), 'the witness seeing the three openings');
      expect(picky.handed).toEqual([]);

      await database.store.append('picky-credit', [event('CreditGranted', { accountId: 'picky', amountMicros: 5, reason: 'topup' })]);
      await waitFor(async () => picky.handed.length > 0, 'the picky handler run for its event');
      // Handed only what came after its checkpoint, which had moved past the openings it did not want.
      expect(picky.handed).toEqual([['CreditGranted:picky-credit']]);
    } finally {
      await subscriber.stop();
    }
  });

  it('keeps the moves of a handler with nothing to do in memory, and writes them at its poll, catch-up or stop', async () => {
    const witness = recording('lazy-witness');
    const idle = recording('lazy-idle', ['CreditGranted']);
    const checkpointOf = async (id: string) =>
      (await sql<{ position: string }>`select position from subscription_checkpoints where subscription_id = ${id}`.execute(database.db)).rows.map((r) =>
        Number(r.position),
      )[0];
    const subscriber = createSubscriber({ db: database.db, connectionString: database.url, handlers: [witness.handler, idle.handler], pollIntervalMs: 60_000 });
    await subscriber.start();
    try {
      await subscriber.catchUp(); // everything earlier handled and written: both start from the same place
      idle.handed.length = 0; // the history it was handed as a new subscription (the earlier tests' credit)
      const idleBefore = await checkpointOf('lazy-idle');
      await database.store.append('lazy-1', [opened('lazy-1')]);
      await waitFor(async () => witness.handed.flat().includes('AccountOpened:lazy-1'), 'the witness handling the opening');
      // The witness's checkpoint moved in its own transaction; the idle handler's move waits in memory.
      expect(await checkpointOf('lazy-witness')).toBeGreaterThan(idleBefore!);
      expect(await checkpointOf('lazy-idle')).toBe(idleBefore);
      await subscriber.catchUp();
      expect(await checkpointOf('lazy-idle')).toBe(await checkpointOf('lazy-witness'));
      expect(idle.handed).toEqual([]);
    } finally {
      await subscriber.stop();
    }
  });

  it('hands every event once when two processes share the handlers (two workers), each moving checkpoints the other knew elsewhere', async () => {
    const table = 'seen_by_two';
    await sql`create table ${sql.id(table)} (position bigint primary key)`.execute(database.db);
    const errors: unknown[] = [];
    // The same handler ids in both, as every worker replica runs them; the primary key fails a second delivery.
    const handlers = (): SubscriptionHandler[] => [
      {
        id: 'two-recorder',
        async handle(trx, events) {
          for (const e of events) if (e.streamId.startsWith('two-')) await sql`insert into ${sql.id(table)} (position) values (${e.position})`.execute(trx);
        },
      },
      recording('two-idle', ['CreditGranted']).handler,
    ];
    const both = [1, 2].map(() =>
      createSubscriber({
        db: database.db,
        connectionString: database.url,
        handlers: handlers(),
        pollIntervalMs: 200,
        gatherMs: 5,
        onError: (e) => errors.push(e),
      }),
    );
    for (const subscriber of both) await subscriber.start();
    try {
      for (let i = 1; i <= 40; i++) await database.store.append(`two-${i}`, [opened(`two-${i}`)]);
      const count = async () => Number((await sql<{ n: string }>`select count(*) as n from ${sql.id(table)}`.execute(database.db)).rows[0]!.n);
      await waitFor(async () => (await count()) === 40 || undefined, 'the forty events handled');
      for (const subscriber of both) await subscriber.catchUp();
      expect(await count()).toBe(40);
      expect(errors).toEqual([]);
    } finally {
      for (const subscriber of both) await subscriber.stop();
    }
  });

  it('lets the other handlers go on when one fails, and reports the failure', async () => {
    const steady = recording('steady');
    const failing: SubscriptionHandler = {
      id: 'failing',
      handle: async () => {
        throw new Error('the outside service is down');
      },
    };
    const errors: unknown[] = [];
    // The failing handler comes first: it must not hold back the one after it.
    const subscriber = createSubscriber({
      db: database.db,
      connectionString: database.url,
      handlers: [failing, steady.handler],
      pollIntervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await subscriber.start();
    try {
      await database.store.append('steady-1', [opened('steady-1')]);
      await waitFor(async () => steady.handed.flat().includes('AccountOpened:steady-1'), 'the steady handler going on');
      await waitFor(async () => errors.length > 0, 'the failure reported');
      expect(String(errors[0])).toContain('the outside service is down');
      const [failingAt] = (
        await sql<{ position: number }>`select position from subscription_checkpoints where subscription_id = 'failing'`.execute(database.db)
      ).rows;
      const [steadyAt] = (await sql<{ position: number }>`select position from subscription_checkpoints where subscription_id = 'steady'`.execute(database.db))
        .rows;
      expect(Number(failingAt!.position)).toBeLessThan(Number(steadyAt!.position));
    } finally {
      await subscriber.stop();
    }
  });
});
