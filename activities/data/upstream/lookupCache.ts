import { LRUCache } from 'lru-cache';

/** An answer and whether it was served from the cache (reported as `_meta.source.cached`). */
export interface Cached<T> {
  readonly value: T;
  readonly cached: boolean;
}

/**
 * Answers of data upstreams a worker keeps for their TTL, so a repeat costs no upstream request (and no quota).
 * Per worker, in memory: a second worker may ask again, which only costs a request. Concurrent misses of one key
 * share a single upstream request.
 */
export class LookupCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(maxEntries: number) {
    this.entries = new LRUCache({ max: Math.max(1, maxEntries), ttlAutopurge: false });
  }

  async remember<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<Cached<T>> {
    const hit = this.entries.get(key);
    if (hit) return { value: hit.value as T, cached: true };
    const running = this.pending.get(key) as Promise<T> | undefined;
    if (running) return { value: await running, cached: false };
    const loading = load();
    this.pending.set(key, loading);
    try {
      const value = await loading;
      if (ttlSeconds > 0) this.entries.set(key, { value }, { ttl: ttlSeconds * 1000 });
      return { value, cached: false };
    } finally {
      this.pending.delete(key);
    }
  }

  /** What is kept under a key, if it has not expired (a token, a stored value). */
  get<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  set(key: string, value: unknown, ttlSeconds: number): void {
    this.entries.set(key, { value }, { ttl: ttlSeconds * 1000 });
  }

  /** Forgets an entry (a token the upstream no longer accepts). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
