import { type Kysely, sql } from 'kysely';

// Projection tables are named at run time, so these helpers work on an untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
import type { StoredEvent } from '../eventStore/types';
import { toSqlValue } from './projectionTable';
import type { AnyProjection, ColumnType, Row } from './types';

/**
 * Evolves the rows an event touches, in the caller's transaction: read (locked), evolve, write back.
 * The same evolve function rebuilds the table in memory on replay, so live and replayed state agree by construction.
 */
export async function applyToTable(db: AnyDb, schema: string, projection: AnyProjection, events: readonly StoredEvent[]): Promise<void> {
  const table = sql.id(schema, projection.table);
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    for (const key of projection.keysOf(event)) {
      const where = sql.join(
        projection.key.map((k) => sql`${sql.id(k)} = ${key[k] as string}`),
        sql` and `,
      );
      const found = await sql<Row>`select * from ${table} where ${where} for update`.execute(db);
      const current = found.rows[0] ?? projection.initial(key, event);
      const next = projection.evolve(current, event);
      if (next === null) {
        if (found.rows[0]) await sql`delete from ${table} where ${where}`.execute(db);
        continue;
      }
      await upsert(db, schema, projection, next);
    }
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
