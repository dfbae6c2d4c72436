import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { rowToEvent } from './rowToEvent';
import type { StoredEvent } from './types';

export async function readStream(db: Kysely<Tables>, streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).where('version', '>=', fromVersion).orderBy('version').execute();
  return rows.map(rowToEvent);
}
