import { Kysely, PostgresDialect, sql } from 'kysely';
import type { StoredEvent } from '../eventStore/types';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { applyToTable, applyToTables, upsertAll, writeRows } from './applyToTable';
import { InMemoryProjection } from './evolveInMemory';
import { createProjectionTable } from './projectionTable';
import type { AnyProjection, Row } from './types';

// A projection of the test's own (two key columns, one of them a number; a JSON column), fed hand-made events: what
// is under test is how rows are read and written, not any feature's evolve.
interface Tally {
  owner: string;
  slot: number;
  count: string;
  notes: string[];
}
const SCHEMA = 'apply_test';
const tallies: AnyProjection = {
  name: 'tallies',
  version: 1,
  mode: 'async',
  table: 'tallies',
  columns: { owner: 'text', slot: 'integer', count: 'bigint', notes: 'jsonb' },
  key: ['owner', 'slot'],
  handles: ['SkillCreated'],
  keysOf: (event: StoredEvent) => (event.data as unknown as { keys: { owner: string; slot: number }[] }).keys,
  initial: (key: Partial<Tally>) => ({ owner: key.owner!, slot: key.slot!, count: '0', notes: [] }),
  evolve: (row: Tally, event: StoredEvent) => {
    const data = event.data as unknown as { remove?: boolean; note: string };
    if (data.remove) return null;
    return { ...row, count: String(Number(row.count) + 1), notes: [...row.notes, data.note] };
  },
};
const ownersProjection: AnyProjection = {
  name: 'owners',
  version: 1,
  mode: 'async',
  table: 'owners',
  columns: { owner: 'text', events: 'integer' },
  key: ['owner'],
  handles: ['SkillCreated'],
  keysOf: (event: StoredEvent) => [...new Set((event.data as unknown as { keys: { owner: string }[] }).keys.map((k) => k.owner))].map((owner) => ({ owner })),
  initial: (key: Partial<Row>) => ({ owner: key.owner, events: 0 }),
  evolve: (row: Row) => ({ ...row, events: Number(row.events) + 1 }),
};

let position = 0;
function touch(keys: { owner: string; slot: number }[], options: { remove?: boolean } = {}): StoredEvent {
  position += 1;
  return {
    position,
    transactionId: '1',
    streamId: 'test',
    version: position,
    type: 'SkillCreated',
    data: { keys, note: `n${position}`, ...options },
    metadata: {},
    recordedAt: new Date(),
  } as unknown as StoredEvent;
}

let database: TestDatabase;
let statements: string[] = [];
let db: Kysely<unknown>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = new Kysely({ dialect: new PostgresDialect({ pool: database.pool }), log: (e) => void statements.push(e.query.sql) });
  await sql`create schema ${sql.id(SCHEMA)}`.execute(db);
  await createProjectionTable(db, SCHEMA, tallies);
  await createProjectionTable(db, SCHEMA, ownersProjection);
});
afterAll(() => database.drop());
beforeEach(async () => {
  await sql`truncate ${sql.id(SCHEMA, 'tallies')}, ${sql.id(SCHEMA, 'owners')}`.execute(db);
  statements = [];
});

async function tableOf(projection: AnyProjection): Promise<Row[]> {
  const rows = await sql<Row>`select * from ${sql.id(SCHEMA, projection.table)} order by 1, 2`.execute(db);
  return rows.rows.map((row) => ({ ...row, ...('count' in row ? { count: String(row.count) } : {}) }));
}
function foldOf(projection: AnyProjection, events: StoredEvent[]): Row[] {
  const memory = new InMemoryProjection(projection);
  events.forEach((event) => memory.apply(event));
  return [...memory.rows.values()].sort((a, b) => String(a.owner).localeCompare(String(b.owner)) || Number(a.slot ?? 0) - Number(b.slot ?? 0));
}

describe('applyToTable', () => {
  it('reads the rows a batch touches in one statement and writes them in one, leaving what the in-memory fold leaves', async () => {
    const first = [
      touch([{ owner: 'a', slot: 1 }]),
      touch([
        { owner: 'a', slot: 2 },
        { owner: 'b', slot: 1 },
      ]),
      touch([{ owner: 'a', slot: 1 }]),
    ];
    await db.transaction().execute((trx) => applyToTable(trx, SCHEMA, tallies, first));
    expect(statements.filter((s) => !/^(begin|commit)/i.test(s))).toHaveLength(2);
    expect(await tableOf(tallies)).toEqual(foldOf(tallies, first));

    // Rows already there, one removed, one new: still a read and one write (the upsert and the delete together).
    statements = [];
    const second = [
      touch([{ owner: 'a', slot: 2 }], { remove: true }),
      touch([
        { owner: 'b', slot: 1 },
        { owner: 'c', slot: 7 },
      ]),
    ];
    await db.transaction().execute((trx) => applyToTable(trx, SCHEMA, tallies, second));
    expect(statements.filter((s) => !/^(begin|commit)/i.test(s))).toHaveLength(2);
    expect(await tableOf(tallies)).toEqual(foldOf(tallies, [...first, ...second]));
  });

  it('writes several projections in one statement', async () => {
    const events = [
      touch([
        { owner: 'a', slot: 1 },
        { owner: 'b', slot: 2 },
      ]),
      touch([{ owner: 'a', slot: 3 }]),
    ];
    await db.transaction().execute((trx) => applyToTables(trx, SCHEMA, [tallies, ownersProjection], events));
    const writes = statements.filter((s) => /insert|delete/i.test(s));
    expect(writes).toHaveLength(1);
    expect(await tableOf(tallies)).toEqual(foldOf(tallies, events));
    expect(await tableOf(ownersProjection)).toEqual(foldOf(ownersProjection, events));
  });

  it('lets transactions that touch the same rows in different orders all finish, each counted once', async () => {
    const keys = [1, 2, 3, 4, 5].map((slot) => ({ owner: 'shared', slot }));
    const orders = Array.from({ length: 12 }, (_, i) => [...keys.slice(i % 5), ...keys.slice(0, i % 5)].reverse());
    // The rows exist first: two transactions that both find a row missing are kept apart by the lock their stream or
    // checkpoint holds, not by this read (it can lock only what is there).
    await db.transaction().execute((trx) =>
      applyToTable(
        trx,
        SCHEMA,
        tallies,
        keys.map((key) => touch([key])),
      ),
    );
    // Each transaction holds its rows until commit; in the order events name them, two of these would wait on each
    // other (a deadlock PostgreSQL breaks by failing one). Read in key order, they queue instead.
    await Promise.all(
      orders.map((order) =>
        db.transaction().execute((trx) =>
          applyToTable(
            trx,
            SCHEMA,
            tallies,
            order.map((key) => touch([key])),
          ),
        ),
      ),
    );
    const rows = await tableOf(tallies);
    expect(rows.map((row) => [row.slot, row.count])).toEqual(keys.map((key) => [key.slot, '13']));
  });

  it("writes many rows in as many statements as PostgreSQL's 65,535 parameters a statement take", async () => {
    // A rebuild writes every row it evolved in memory: 20,000 rows of 4 columns are 80,000 parameters.
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ owner: `o${i % 7}`, slot: i, count: String(i), notes: [] }));
    await upsertAll(db, SCHEMA, tallies, rows);
    expect(statements.filter((s) => /insert/i.test(s))).toHaveLength(3);
    // Two tables' large writes together still fit the limit, each statement as full as it may be.
    statements = [];
    const owners = Array.from({ length: 20_000 }, (_, i) => ({ owner: `p${i}`, events: i }));
    await writeRows(db, SCHEMA, [
      { projection: tallies, upserts: rows.map((row) => ({ ...row, count: '1' })), deletes: [] },
      { projection: ownersProjection, upserts: owners, deletes: [] },
    ]);
    expect(statements.length).toBeGreaterThanOrEqual(5);
    const counts = await sql<{ n: number; ones: number }>`select (select count(*) from ${sql.id(SCHEMA, 'tallies')}) as n,
      (select count(*) from ${sql.id(SCHEMA, 'tallies')} where count = 1) as ones`.execute(db);
    expect(counts.rows[0]).toEqual({ n: 20_000, ones: 20_000 });
    expect(await tableOf(ownersProjection)).toHaveLength(20_000);
  });
});
