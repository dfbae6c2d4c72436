import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { type Clock, systemClock } from '../clock/clock';
import { rowToEvent } from '../eventStore/rowToEvent';
import type { StoredEvent } from '../eventStore/types';
import { subscriptionIdOf } from './asyncProjectionHandler';
import { upsertAll } from './applyToTable';
import { InMemoryProjection } from './evolveInMemory';
import { createProjectionTable, rowKey } from './projectionTable';
import type { AnyProjection, Row } from './types';

export interface Drift {
  readonly projection: string;
  readonly key: string;
  readonly live: Row | null;
  readonly replayed: Row | null;
}

export interface ReplayReport {
  readonly schema: string;
  readonly events: number;
  readonly rows: Record<string, number>;
  readonly drift: readonly Drift[];
}

/**
 * Rebuilds every projection from the log alone into a fresh schema and compares it with the live tables.
 * Everything is read in one REPEATABLE READ snapshot, so live state and log agree on which events exist;
 * async projections are replayed up to their subscriber's checkpoint, which is exactly what they have seen.
 */
export async function replayProjections(
  db: Kysely<Tables>,
  options: { liveSchema: string; projections: readonly AnyProjection[]; keep?: boolean; onProgress?: (line: string) => void; clock?: Clock },
): Promise<ReplayReport> {
  const schema = `replay_${(options.clock ?? systemClock).now().toISOString().replace(/\D/g, '').slice(0, 14)}_${Math.random().toString(36).slice(2, 6)}`;
  const say = options.onProgress ?? (() => undefined);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`create schema ${sql.id(schema)}`.execute(trx);
      const memories = options.projections.map((p) => new InMemoryProjection(p));
      const checkpoints = await trx.selectFrom('subscription_checkpoints').select(['subscription_id', 'transaction_id', 'position']).execute();
      const checkpointOf = new Map(checkpoints.map((c) => [c.subscription_id, c]));

      let events = 0;
      for await (const event of readInPositionOrder(trx)) {
        events += 1;
        if (events % 50_000 === 0) say(`  … ${events} events read`);
        for (const memory of memories) if (memory.projection.mode === 'inline') memory.apply(event);
      }
      for (const memory of memories.filter((m) => m.projection.mode === 'async')) {
        const cp = checkpointOf.get(subscriptionIdOf(memory.projection));
        if (cp) for await (const event of readInCheckpointOrder(trx, String(cp.transaction_id), cp.position)) memory.apply(event);
      }

      const drift: Drift[] = [];
      const rows: Record<string, number> = {};
      for (const memory of memories) {
        const projection = memory.projection;
        await createProjectionTable(trx, schema, projection);
        await upsertAll(trx, schema, projection, memory.rows.values());
        rows[projection.name] = memory.rows.size;
        drift.push(...(await compare(trx, options.liveSchema, schema, projection)));
        say(`  ${projection.name}: ${memory.rows.size} rows replayed`);
      }
      if (!options.keep) await sql`drop schema ${sql.id(schema)} cascade`.execute(trx);
      return { schema, events, rows, drift };
    });
}

async function* readInPositionOrder(db: Kysely<Tables>): AsyncGenerator<StoredEvent> {
  let after = 0;
  for (;;) {
    const page = await db.selectFrom('events').selectAll().where('position', '>', after).orderBy('position').limit(5000).execute();
    for (const row of page) yield rowToEvent(row);
    if (page.length < 5000) return;
    after = page[page.length - 1]!.position;
  }
}

async function* readInCheckpointOrder(db: Kysely<Tables>, transactionId: string, position: number): AsyncGenerator<StoredEvent> {
  let after = { tx: '0', pos: 0 };
  for (;;) {
    const page = await db
      .selectFrom('events')
      .selectAll()
      .where(sql<boolean>`(transaction_id, position) > (${after.tx}::xid8, ${after.pos}::bigint)`)
      .where(sql<boolean>`(transaction_id, position) <= (${transactionId}::xid8, ${position}::bigint)`)
      .orderBy('transaction_id')
      .orderBy('position')
      .limit(5000)
      .execute();
    for (const row of page) yield rowToEvent(row);
    if (page.length < 5000) return;
    const last = page[page.length - 1]!;
    after = { tx: String(last.transaction_id), pos: last.position };
  }
}

/** Rows that differ between the live and replayed tables, matched by key. */
async function compare(db: Kysely<Tables>, liveSchema: string, replaySchema: string, projection: AnyProjection): Promise<Drift[]> {
  const read = async (schema: string) => {
    const result = await sql<Row>`select * from ${sql.id(schema, projection.table)}`.execute(db);
    return new Map(result.rows.map((r) => [rowKey(projection, r), r]));
  };
  const [live, replayed] = await Promise.all([read(liveSchema), read(replaySchema)]);
  const drift: Drift[] = [];
  for (const key of new Set([...live.keys(), ...replayed.keys()])) {
    const a = live.get(key) ?? null;
    const b = replayed.get(key) ?? null;
    if (canonical(a) !== canonical(b)) drift.push({ projection: projection.name, key, live: a, replayed: b });
  }
  return drift;
}

function canonical(row: Row | null): string {
  if (!row) return 'null';
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]),
  );
}
