import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { rowToEvent } from '../eventStore/rowToEvent';
import type { StoredEvent } from '../eventStore/types';
import { upsertAll } from './applyToTable';
import { InMemoryProjection } from './evolveInMemory';
import type { AnyProjection } from './types';

const PAGE = 5000;

/** Reads the whole visible log in position order, a page at a time. */
export async function* readWholeLog(db: Kysely<Tables>, types?: readonly string[]): AsyncGenerator<StoredEvent> {
  let after = 0;
  for (;;) {
    let query = db.selectFrom('events').selectAll().where('position', '>', after).orderBy('position').limit(PAGE);
    if (types) query = query.where('type', 'in', types as string[]);
    const rows = await query.execute();
    for (const row of rows) yield rowToEvent(row);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.position;
  }
}

/** Evolves a projection over the log in memory, then writes its rows into `schema` (the table must exist and be empty). */
export async function rebuildProjection(
  db: Kysely<Tables>,
  schema: string,
  projection: AnyProjection,
  events: AsyncIterable<StoredEvent> | Iterable<StoredEvent>,
): Promise<number> {
  const memory = new InMemoryProjection(projection);
  for await (const event of events) memory.apply(event);
  await upsertAll(db, schema, projection, memory.rows.values());
  return memory.rows.size;
}
