import type { Db } from '../db/createDb';
import type { FileRow } from './filesProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** The files attached to an agent, newest first. */
export async function listAgentFiles(db: Db, agentId: string, limit: number): Promise<FileRow[]> {
  return db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('files')
    .selectAll()
    .where('agent_id', '=', agentId)
    .orderBy('created_at', 'desc')
    .orderBy('file_id')
    .limit(limit)
    .execute();
}
