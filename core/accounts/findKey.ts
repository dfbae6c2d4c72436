import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { KeyRow } from '../projections/keys';
import { hashApiKey } from './apiKey';

export async function findKey(db: Kysely<Tables>, key: string): Promise<KeyRow | undefined> {
  return findKeyByHash(db, hashApiKey(key));
}

async function findKeyByHash(db: Kysely<Tables>, keyHash: string): Promise<KeyRow | undefined> {
  const row = await db.withSchema(LIVE_SCHEMA).selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  return row && !row.revoked ? row : undefined;
}

/**
 * How long a found key is trusted without asking PostgreSQL again. A key's row never changes once issued except to
 * be revoked (a KeyRevoked event, which no route appends today: an operator's act), so this bounds how long a
 * revocation takes to reach every replica, and spares each request a round trip.
 */
export const KEY_CACHE_MS = 30_000;

/**
 * findKey for the request path: keys found are kept (by hash, never the key itself) for KEY_CACHE_MS. Unknown keys are
 * not kept, so a stream of made-up keys cannot fill the cache and a key is usable the moment it is issued.
 */
export function cachedKeyLookup(
  db: Kysely<Tables>,
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): (key: string) => Promise<KeyRow | undefined> {
  const found = new LRUCache<string, KeyRow>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? KEY_CACHE_MS,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  return async (key) => {
    const keyHash = hashApiKey(key);
    const cached = found.get(keyHash);
    if (cached) return cached;
    const row = await findKeyByHash(db, keyHash);
    if (row) found.set(keyHash, row);
    return row;
  };
}
