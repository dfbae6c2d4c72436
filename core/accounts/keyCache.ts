import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Tables } from '../db/tables';
import { hashApiKey } from './apiKey';
import { findKeyByHash, type KeyRecord } from './findKey';
import type { KeyChangeFeed } from './keyChanges';

/**
 * The longest a found key is trusted without asking PostgreSQL again, whatever else happens: a bound for the one
 * failure the change feed cannot see (a connection that hangs without failing, until its check query notices).
 */
export const KEY_CACHE_MS = 30_000;

export type KeyLookup = (key: string) => Promise<KeyRecord | undefined>;

/**
 * findKey for the request path: keys found are kept (by hash, never the key itself), and dropped the moment their key
 * changes on any replica (revoked, rotated, limits changed), as the change feed hears it. Correct even when a
 * notification is missed:
 * - a key is kept only while the feed is live; a lost connection empties the cache and stops keeping until the
 *   feed listens again, so nothing changed meanwhile is trusted (PostgreSQL delivers every notification committed
 *   while a session listens, so a live feed misses none);
 * - a lookup keeps what it read only if no change was heard while it read (the generation it started at is still
 *   the current one): a revocation committed between its read and its keeping would otherwise be dropped before
 *   the stale row was kept, and the stale row then trusted;
 * - KEY_CACHE_MS stays as the bound on a connection that hangs without failing.
 * Unknown keys are not kept, so made-up keys cannot fill the cache and a key works the moment it is issued. What a
 * key allows at a given moment (expiry, a rotated-out secret's grace) is judged at every request from what is kept
 * (keyRefusal), so those end to the millisecond whatever the cache holds.
 */
export function cachedKeyLookup(db: Kysely<Tables>, options: { changes?: KeyChangeFeed; ttlMs?: number; max?: number; now?: () => number } = {}): KeyLookup {
  const { changes } = options;
  // Without a feed nothing may be kept: a change could not reach this replica.
  if (!changes) return (key) => findKeyByHash(db, hashApiKey(key));
  const found = new LRUCache<string, KeyRecord>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? KEY_CACHE_MS,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  let generation = 0;
  changes.onChange((change) => {
    generation += 1;
    if (change.kind === 'all') return found.clear();
    // Key changes are rare (an account's holder or the operator acting): a pass over the cache is cheap enough.
    for (const [hash, record] of [...found.entries()]) if (record.keyId === change.keyId) found.delete(hash);
  });
  return async (key) => {
    const keyHash = hashApiKey(key);
    const kept = changes.live ? found.get(keyHash) : undefined;
    if (kept) return kept;
    const startedAt = generation;
    const record = await findKeyByHash(db, keyHash);
    if (record && changes.live && generation === startedAt) found.set(keyHash, record);
    return record;
  };
}
