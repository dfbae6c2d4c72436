import type { Selectable } from 'kysely';
import type { EventMetadata } from '../../schema/events';
import type { EventsTable } from '../db/tables';
import type { StoredEvent } from './types';

export function rowToEvent(row: Selectable<EventsTable>): StoredEvent {
  return {
    position: row.position,
    transactionId: String(row.transaction_id),
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata as EventMetadata,
    recordedAt: row.recorded_at,
  } as StoredEvent;
}
