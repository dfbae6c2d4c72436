import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { ownedBy } from '../networkAgents/owners';
import { lockBlob } from './storeFile';

/**
 * Deletes the owner's file (FileDeleted), and its bytes when no other file names the same hash. Another owner's file
 * is `not-found`, exactly like a missing one.
 */
export async function deleteFile(store: EventStore, owner: Owner, fileId: string): Promise<{ deleted: boolean; bytesDropped: boolean }> {
  return store.transaction(async (tx) => {
    await tx.lock(streams.file(fileId));
    const file = ownedBy(await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('files').selectAll().where('file_id', '=', fileId).executeTakeFirst(), owner);
    if (!file) return { deleted: false, bytesDropped: false };
    await tx.append(streams.file(fileId), [event('FileDeleted', { fileId, owner, sha256: file.sha256 })]);
    await lockBlob(tx, file.sha256);
    const named = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('files').select('file_id').where('sha256', '=', file.sha256).limit(1).executeTakeFirst();
    if (named) return { deleted: true, bytesDropped: false };
    await tx.trx.deleteFrom('file_blobs').where('sha256', '=', file.sha256).execute();
    return { deleted: true, bytesDropped: true };
  });
}
