import { sql, type Transaction } from 'kysely';
import type { Tables } from '../db/tables';

/**
 * Takes the stream's row lock for the rest of the transaction and returns its version (0 for a new stream).
 * Deciding on state read after this lock, then appending with that version, can never conflict.
 */
export async function lockStream(trx: Transaction<Tables>, streamId: string): Promise<number> {
  // One round trip: the no-op update on conflict takes the row lock and returns the version it holds.
  const locked = await sql<{ version: number }>`insert into streams as s (stream_id, version) values (${streamId}, 0)
    on conflict (stream_id) do update set version = s.version returning s.version`.execute(trx);
  return locked.rows[0]!.version;
}
