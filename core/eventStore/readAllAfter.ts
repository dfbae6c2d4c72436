import { type Kysely, type Selectable, sql } from 'kysely';
import type { EventsTable, Tables } from '../db/tables';
import { rowToEvent } from './rowToEvent';
import type { Checkpoint, StoredEvent } from './types';

/**
 * Events after a checkpoint, in (transaction, position) order, stopping before the oldest transaction still
 * running: positions are taken at insert but commits land in any order, so a reader that went by position
 * alone could pass an event whose transaction commits a moment later and never see it.
 */
export async function readAllAfter(db: Kysely<Tables>, after: Checkpoint, limit = 500): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where(sql<boolean>`(transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)`)
    .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
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
    from (select exists (
            select 1 from events
            where (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
              and transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as held) h
    left join lateral (
      select * from events
      where (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id, position
      limit ${limit}) e on true`.execute(db);
  return {
    events: rows.rows.filter((row) => row.position !== null).map(rowToEvent),
    held: rows.rows[0]?.held ?? false,
  };
}
