import { type Kysely, type RawBuilder, sql } from 'kysely';

// Projection tables are named at run time, so these helpers work on an untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
import type { StoredEvent } from '../eventStore/types';
import { toSqlValue } from './projectionTable';
import type { AnyProjection, ColumnType, Row } from './types';

/** Rows a transaction has already read (and locked) or written, by projection and key: read once per transaction. */
export type RowCache = Map<string, Row | null>;

/** Where a row sits in a RowCache: its projection's table and its key's values. */
export function rowCacheKey(projection: AnyProjection, key: Row): string {
  return `${projection.table}\u0000${projection.key.map((k) => String(key[k])).join('\u0000')}`;
}

/** What a batch of events leaves of one projection's rows: the rows to write and the keys of rows to remove. */
export interface RowWrites {
  readonly projection: AnyProjection;
  readonly upserts: readonly Row[];
  readonly deletes: readonly Row[];
}

/**
 * Evolves the rows an event touches, in the caller's transaction: read (locked), evolve, write back. A row this
 * transaction already holds (a reservation and its settlement touch the same balance) is taken from `rows` instead
 * of being read again, and a row several events of the batch touch is written once, as the last of them left it.
 * The rows the batch needs are read in one statement and written in one more (a subscriber's pass over ten calls
 * made twenty round trips here, one read and one write a row). The same evolve function rebuilds the table in
 * memory on replay, so live and replayed state agree by construction.
 */
export async function applyToTable(
  db: AnyDb,
  schema: string,
  projection: AnyProjection,
  events: readonly StoredEvent[],
  rows: RowCache = new Map(),
): Promise<void> {
  await writeRows(db, schema, [await evolveRows(db, schema, projection, events, rows)]);
}

/** applyToTable for several projections at once: each one's rows read as above, and every write in ONE statement. */
export async function applyToTables(
  db: AnyDb,
  schema: string,
  projections: readonly AnyProjection[],
  events: readonly StoredEvent[],
  rows: RowCache = new Map(),
): Promise<void> {
  const writes: RowWrites[] = [];
  for (const projection of projections) writes.push(await evolveRows(db, schema, projection, events, rows));
  await writeRows(db, schema, writes);
}

/** Reads (locked) the rows the events touch that `rows` does not hold yet, evolves them, and says what to write. */
export async function evolveRows(db: AnyDb, schema: string, projection: AnyProjection, events: readonly StoredEvent[], rows: RowCache): Promise<RowWrites> {
  const relevant = events.filter((event) => projection.handles.includes(event.type));
  const missing = new Map<string, Row>();
  for (const event of relevant)
    for (const key of projection.keysOf(event)) {
      const cacheKey = rowCacheKey(projection, key);
      if (!rows.has(cacheKey)) missing.set(cacheKey, key);
    }
  if (missing.size) await readLocked(db, schema, projection, missing, rows);

  // By row: whether the table holds it now (before this batch writes), and what the batch leaves.
  const touched = new Map<string, { key: Row; inTable: boolean; next: Row | null }>();
  for (const event of relevant) {
    for (const key of projection.keysOf(event)) {
      const cacheKey = rowCacheKey(projection, key);
      const held = rows.get(cacheKey) ?? null;
      const next = projection.evolve(held ?? projection.initial(key, event), event);
      touched.set(cacheKey, { key, inTable: touched.get(cacheKey)?.inTable ?? held !== null, next });
      rows.set(cacheKey, next);
    }
  }
  const upserts: Row[] = [];
  const deletes: Row[] = [];
  // In key order, as the rows were read: transactions writing the same rows meet them in the same order.
  for (const [, { key, inTable, next }] of [...touched].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (next !== null) upserts.push(next);
    else if (inTable) deletes.push(key);
  }
  return { projection, upserts, deletes };
}

/**
 * The rows of `wanted` keys, locked for update, into `rows` (null where the table has none). One statement, locking in
 * key order, so two transactions that want the same rows take them in the same order. Keys whose values would not
 * compare as text after the round trip (timestamps, JSON) are read one by one instead.
 */
async function readLocked(db: AnyDb, schema: string, projection: AnyProjection, wanted: Map<string, Row>, rows: RowCache): Promise<void> {
  const table = sql.id(schema, projection.table);
  const keyColumns = projection.key.map((k) => sql.id(k));
  const matchable = projection.key.every((k) => !['timestamptz', 'jsonb'].includes(projection.columns[k] as ColumnType));
  if (!matchable || wanted.size === 1) {
    for (const [cacheKey, key] of wanted) {
      const where = sql.join(
        projection.key.map((k) => sql`${sql.id(k)} = ${key[k] as string}`),
        sql` and `,
      );
      rows.set(cacheKey, (await sql<Row>`select * from ${table} where ${where} for update`.execute(db)).rows[0] ?? null);
    }
    return;
  }
  for (const cacheKey of wanted.keys()) rows.set(cacheKey, null);
  const keys = [...wanted.values()];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / projection.key.length));
  for (let i = 0; i < keys.length; i += perStatement) {
    const tuples = keys.slice(i, i + perStatement).map((key) => sql`(${sql.join(projection.key.map((k) => sql`${key[k] as string}`))})`);
    const found = await sql<Row>`select * from ${table} where (${sql.join(keyColumns)}) in (${sql.join(tuples)})
      order by ${sql.join(keyColumns)} for update`.execute(db);
    for (const row of found.rows) rows.set(rowCacheKey(projection, row), row);
  }
}

/** PostgreSQL takes at most 65,535 parameters a statement: a large write (a rebuild's) goes in several. */
const MAX_PARAMETERS = 30_000;

/**
 * Writes what evolveRows decided for one or more projections: one statement for all of it, as long as its parameters
 * stay under PostgreSQL's limit (a rebuild's thousands of rows go in as many statements as that takes).
 */
export async function writeRows(db: AnyDb, schema: string, writes: readonly RowWrites[]): Promise<void> {
  const parts: { statement: RawBuilder<unknown>; parameters: number }[] = [];
  for (const { projection, upserts, deletes } of writes) {
    const width = Object.keys(projection.columns).length;
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / width));
    for (let i = 0; i < upserts.length; i += perStatement) {
      const rows = upserts.slice(i, i + perStatement);
      parts.push({ statement: upsertStatement(schema, projection, rows), parameters: rows.length * width });
    }
    for (let i = 0; i < deletes.length; i += perStatement) {
      const keys = deletes.slice(i, i + perStatement);
      parts.push({ statement: deleteStatement(schema, projection, keys), parameters: keys.length * projection.key.length });
    }
  }
  let batch: RawBuilder<unknown>[] = [];
  let parameters = 0;
  for (const part of parts) {
    if (batch.length && parameters + part.parameters > MAX_PARAMETERS) {
      await writeTogether(db, batch);
      batch = [];
      parameters = 0;
    }
    batch.push(part.statement);
    parameters += part.parameters;
  }
  if (batch.length) await writeTogether(db, batch);
}

/** Statements run as one: several tables' writes as data-modifying CTEs of one statement, one round trip. */
async function writeTogether(db: AnyDb, statements: readonly RawBuilder<unknown>[]): Promise<void> {
  if (statements.length === 1) return void (await statements[0]!.execute(db));
  // Each CTE writes rows of its own (no two parts touch one row: a table's rows are split across parts, never
  // repeated), as PostgreSQL requires of one statement.
  const ctes = statements.map((statement, i) => sql`${sql.id(`w${i}`)} as (${statement})`);
  await sql`with ${sql.join(ctes)} select 1`.execute(db);
}

/** Writes many rows of one projection, as few statements as its width allows. */
export async function upsertAll(db: AnyDb, schema: string, projection: AnyProjection, rows: Iterable<Row>): Promise<void> {
  await writeRows(db, schema, [{ projection, upserts: [...rows], deletes: [] }]);
}

function upsertStatement(schema: string, projection: AnyProjection, rows: readonly Row[]): RawBuilder<unknown> {
  const names = Object.keys(projection.columns);
  const values = rows.map((row) => sql`(${sql.join(names.map((n) => sql`${toSqlValue(projection.columns[n] as ColumnType, row[n])}`))})`);
  const updates = names.filter((n) => !projection.key.includes(n)).map((n) => sql`${sql.id(n)} = excluded.${sql.id(n)}`);
  const conflict = sql.join(projection.key.map((k) => sql.id(k)));
  return sql`insert into ${sql.id(schema, projection.table)} (${sql.join(names.map((n) => sql.id(n)))})
    values ${sql.join(values)}
    on conflict (${conflict}) do ${updates.length ? sql`update set ${sql.join(updates)}` : sql`nothing`}`;
}

function deleteStatement(schema: string, projection: AnyProjection, keys: readonly Row[]): RawBuilder<unknown> {
  const keyColumns = sql.join(projection.key.map((k) => sql.id(k)));
  const tuples = keys.map((key) => sql`(${sql.join(projection.key.map((k) => sql`${key[k] as string}`))})`);
  return sql`delete from ${sql.id(schema, projection.table)} where (${keyColumns}) in (${sql.join(tuples)})`;
}
