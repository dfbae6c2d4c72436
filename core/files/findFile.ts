import type { Db } from '../db/createDb';
import type { FileRow } from './filesProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** A file that exists now, whoever owns it. */
export async function findFile(db: Db, fileId: string): Promise<FileRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

/** The bytes stored under a hash. */
export async function readBlob(db: Db, sha256: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('file_blobs').select('bytes').where('sha256', '=', sha256).executeTakeFirst();
  return row?.bytes;
}
