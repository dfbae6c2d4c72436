import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections';
import type { KeyRow } from '../projections/keys';
import { hashApiKey } from './apiKey';

export async function findKey(db: Kysely<Tables>, key: string): Promise<KeyRow | undefined> {
  const row = await db.withSchema(LIVE_SCHEMA).selectFrom('api_keys').selectAll().where('key_hash', '=', hashApiKey(key)).executeTakeFirst();
  return row && !row.revoked ? row : undefined;
}
