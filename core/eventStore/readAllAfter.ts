import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
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
