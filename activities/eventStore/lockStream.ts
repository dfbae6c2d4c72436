import { sql, type Transaction } from 'kysely';
import type { Tables } from '../db/tables';

/**
 * Takes the stream's row lock for the rest of the transaction and returns its version (0 for a new stream).
 * Deciding on state read after this lock, then appending with that version, can never conflict.
 */
export async function lockStream(trx: Transaction<Tables>, streamId: string): Promise<number> {
  await sql`insert into streams (stream_id, version) values (${streamId}, 0) on conflict (stream_id) do nothing`.execute(trx);
  const row = await trx.selectFrom('streams').select('version').where('stream_id', '=', streamId).forUpdate().executeTakeFirstOrThrow();
  return row.version;
}
