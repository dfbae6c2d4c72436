import { type Kysely, sql } from 'kysely';

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

/**
 * Evolves the rows an event touches, in the caller's transaction: read (locked), evolve, write back. A row this
 * transaction already holds (a reservation and its settlement touch the same balance) is taken from `rows` instead
 * of being read again, and a row several events of the batch touch is written once, as the last of them left it.
 * The same evolve function rebuilds the table in memory on replay, so live and replayed state agree by construction.
 */
export async function applyToTable(
  db: AnyDb,
  schema: string,
  projection: AnyProjection,
  events: readonly StoredEvent[],
  rows: RowCache = new Map(),
): Promise<void> {
  const table = sql.id(schema, projection.table);
  const whereKey = (key: Row) =>
    sql.join(
      projection.key.map((k) => sql`${sql.id(k)} = ${key[k] as string}`),
      sql` and `,
    );
  // By row: whether the table holds it now (before this batch writes), and what the batch leaves.
  const touched = new Map<string, { key: Row; inTable: boolean; next: Row | null }>();
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    for (const key of projection.keysOf(event)) {
      const cacheKey = rowCacheKey(projection, key);
      let held = rows.get(cacheKey);
      if (held === undefined) held = (await sql<Row>`select * from ${table} where ${whereKey(key)} for update`.execute(db)).rows[0] ?? null;
      const next = projection.evolve(held ?? projection.initial(key, event), event);
      touched.set(cacheKey, { key, inTable: touched.get(cacheKey)?.inTable ?? held !== null, next });
      rows.set(cacheKey, next);
    }
  }
  for (const { key, inTable, next } of touched.values()) {
    if (next !== null) await upsert(db, schema, projection, next);
    else if (inTable) await sql`delete from ${table} where ${whereKey(key)}`.execute(db);
  }
}

export async function upsert(db: AnyDb, schema: string, projection: AnyProjection, row: Row): Promise<void> {
  const names = Object.keys(projection.columns);
  const values = names.map((n) => sql`${toSqlValue(projection.columns[n] as ColumnType, row[n])}`);
  const updates = names.filter((n) => !projection.key.includes(n)).map((n) => sql`${sql.id(n)} = excluded.${sql.id(n)}`);
  const conflict = sql.join(projection.key.map((k) => sql.id(k)));
  await sql`insert into ${sql.id(schema, projection.table)} (${sql.join(names.map((n) => sql.id(n)))})
    values (${sql.join(values)})
    on conflict (${conflict}) do ${updates.length ? sql`update set ${sql.join(updates)}` : sql`nothing`}`.execute(db);
}
