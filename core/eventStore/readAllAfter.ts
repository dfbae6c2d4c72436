import { type Kysely, type Selectable, sql } from 'kysely';
import type { EventsTable, Tables } from '../db/tables';
import { rowToEvent } from './rowToEvent';
import type { Checkpoint, StoredEvent } from './types';

/**
 * The horizon below which no transaction that could still write events is running. Positions are taken at insert but
 * commits land in any order, so a reader must stop before the oldest transaction still open, or it could pass an event
 * whose transaction commits a moment later and never see it. The snapshot's xmin is such a bound, but it is the
 * cluster's: a transaction of ANY database holds it back — Temporal's own persistence when it shares the PostgreSQL
 * (docker-compose.yml), another service's, a database being created — and none of those can write our events. So: the
 * oldest running transaction not known to be another database's (pg_stat_activity names each backend's database and
 * transaction, to any role), or the snapshot's xmax when none is. One not found there (it ended meanwhile) counts,
 * which is only ever safe. pg_stat_activity is read only when some transaction is running at all.
 */
export const HORIZON = sql`(
  select coalesce(
    (select min(x) from pg_snapshot_xip(s) x
      where xid(x) not in (select backend_xid from pg_stat_activity where backend_xid is not null and datname <> current_database())),
    pg_snapshot_xmax(s))
  from pg_current_snapshot() s)`;

/** Events after a checkpoint, in (transaction, position) order, stopping at the horizon (above). */
export async function readAllAfter(db: Kysely<Tables>, after: Checkpoint, limit = 500): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where(sql<boolean>`(transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)`)
    .where(sql<boolean>`transaction_id < ${HORIZON}`)
    .orderBy('transaction_id')
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map(rowToEvent);
}

export function checkpointOf(event: StoredEvent): Checkpoint {
  return { transactionId: event.transactionId, position: event.position };
}

/**
 * readAllAfter, and whether committed events wait behind a transaction still open (`held`: its commit may never wake
 * a subscriber, so it must look again), in ONE statement and one snapshot: a subscriber asks both at every pass.
 */
export async function readAllAfterNoting(db: Kysely<Tables>, after: Checkpoint, limit = 500): Promise<{ events: StoredEvent[]; held: boolean }> {
  const rows = await sql<Selectable<EventsTable> & { held: boolean }>`
    select e.*, h.held
    from (select ${HORIZON} as horizon) c
    cross join lateral (select exists (
            select 1 from events
            where (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
              and transaction_id >= c.horizon) as held) h
    left join lateral (
      select * from events
      where (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
        and transaction_id < c.horizon
      order by transaction_id, position
      limit ${limit}) e on true`.execute(db);
  return {
    events: rows.rows.filter((row) => row.position !== null).map(rowToEvent),
    held: rows.rows[0]?.held ?? false,
  };
}
