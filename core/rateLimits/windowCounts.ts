import type pg from 'pg';
import type { Clock } from '../clock/clock';

/** What counting one request in its window answered. */
export interface Counted {
  readonly allowed: boolean;
  /** Requests the window still allows, as far as this process knows. */
  readonly remaining: number;
  /** When the window ends (ms since the epoch). */
  readonly resetAt: number;
}

export interface WindowCounts {
  /** Counts one request against `bucket`'s window of `limit` requests. */
  count(bucket: string, limit: number): Promise<Counted>;
  /** Writes what was counted here and not yet in PostgreSQL (at most `flushMs` old otherwise). */
  flush(): Promise<void>;
  stop(): void;
}

interface Waiting {
  readonly limit: number;
  resolve(counted: Counted): void;
  reject(error: unknown): void;
}

interface Bucket {
  /** The window's count in PostgreSQL when this process last wrote it, all replicas included. */
  known: number;
  /** When that window ends (ms). */
  resetAt: number;
  /** Requests admitted here since, not yet written. */
  pending: number;
  /** A write of this bucket is on its way: the next waits for it, so each write's total includes the ones before. */
  writing: boolean;
  /** What that write adds (neither pending nor in `known` until it answers). */
  sending: number;
  /** Requests to be judged on PostgreSQL's total, in arrival order, by the next write. */
  readonly waiting: Waiting[];
}

/**
 * Fixed windows of `windowMs` counted in PostgreSQL's rate_limits (one row a bucket: points, expire), so every API
 * replica shares them, without a statement on every request. A bucket far from its limit is counted here and written
 * with the others every `flushMs` (one statement for all of them). Once what is known of it, with what was counted
 * here since, reaches half its limit, every request is judged on the total PostgreSQL returns: requests that arrive
 * together go in one write and take their places after what was there, so one replica is exact however many come at
 * once. N replicas each admitting half a limit unseen before their next write could pass it by at most (N − 2)
 * halves, within a flush interval. What was counted here and not written when a process dies is lost, as a restart
 * of an in-memory limiter would lose it.
 */
export function windowCounts(pool: pg.Pool, clock: Clock, options: { windowMs?: number; flushMs?: number; sweepMs?: number } = {}): WindowCounts {
  const windowMs = options.windowMs ?? 60_000;
  const buckets = new Map<string, Bucket>();
  let flushing: Promise<void> | null = null;

  /**
   * Adds each bucket's count (`adding`) to its row, a new window when the row's has ended, and returns the totals.
   * The buckets are marked writing until it answers; counts a failed write could not store go back to pending.
   */
  async function write(adding: Map<string, number>): Promise<Map<string, number>> {
    const now = clock.now().getTime();
    const keys = [...adding.keys()];
    for (const key of keys) Object.assign(buckets.get(key)!, { writing: true, sending: adding.get(key)! });
    try {
      const { rows } = await pool.query<{ key: string; points: number; expire: string }>(
        `insert into rate_limits as r (key, points, expire)
           select key, points, $3::bigint from unnest($1::varchar[], $2::integer[]) as i(key, points)
         on conflict (key) do update set
           points = case when r.expire <= $4::bigint then excluded.points else r.points + excluded.points end,
           expire = case when r.expire <= $4::bigint then excluded.expire else r.expire end
         returning key, points, expire`,
        [keys, keys.map((key) => adding.get(key)!), now + windowMs, now],
      );
      const totals = new Map<string, number>();
      for (const row of rows) {
        totals.set(row.key, row.points);
        const bucket = buckets.get(row.key)!;
        bucket.known = row.points;
        bucket.resetAt = Number(row.expire);
      }
      return totals;
    } finally {
      for (const key of keys) Object.assign(buckets.get(key)!, { writing: false, sending: 0 });
    }
  }

  /** Writes a bucket's pending count with its waiting requests, judges them in order, and goes on while more wait. */
  async function judge(key: string, bucket: Bucket): Promise<void> {
    while (bucket.waiting.length && !bucket.writing) {
      const waiting = bucket.waiting.splice(0);
      const admitted = bucket.pending;
      bucket.pending = 0;
      let total: number;
      try {
        total = (await write(new Map([[key, admitted + waiting.length]]))).get(key)!;
      } catch (error) {
        bucket.pending += admitted;
        waiting.forEach((w) => w.reject(error));
        continue;
      }
      // The waiting requests are the last of the total, in the order they came.
      const before = total - waiting.length;
      waiting.forEach((w, i) => {
        const place = before + i + 1;
        w.resolve({ allowed: place <= w.limit, remaining: Math.max(0, w.limit - place), resetAt: bucket.resetAt });
      });
    }
  }

  async function flush(): Promise<void> {
    if (flushing) return flushing;
    const adding = new Map<string, number>();
    const now = clock.now().getTime();
    for (const [key, bucket] of buckets) {
      if (bucket.writing) continue;
      if (bucket.pending > 0) adding.set(key, bucket.pending);
      // A window that ended with nothing left to write is forgotten: the next request reads the row again.
      else if (bucket.resetAt <= now && bucket.waiting.length === 0) buckets.delete(key);
    }
    if (adding.size === 0) return;
    for (const [key, points] of adding) buckets.get(key)!.pending -= points;
    flushing = (async () => {
      try {
        await write(adding);
      } catch (error) {
        for (const [key, points] of adding) buckets.get(key)!.pending += points;
        throw error;
      } finally {
        flushing = null;
        // Requests that came while the flush held their bucket are judged now.
        for (const key of adding.keys()) void judge(key, buckets.get(key)!);
      }
    })();
    return flushing;
  }

  // The timers end with the pool they write through (its owner closed it: an API stopped, a test's app gone), so no
  // owner has to stop them: a sweep left running after a jest file's teardown threw from its pool there, and failed
  // whichever file was running then.
  const poolClosed = () => (pool as pg.Pool & { ending?: boolean }).ending === true;
  const flushTimer = setInterval(() => {
    if (poolClosed()) return stopTimers();
    void flush().catch(() => undefined);
  }, options.flushMs ?? 100);
  flushTimer.unref();
  // Rows of windows long over (a caller that stopped calling) are removed now and then, as the table is shared.
  const sweep = async () => {
    try {
      await pool.query('delete from rate_limits where expire < $1', [clock.now().getTime() - windowMs]);
    } catch {
      // The next sweep removes them.
    }
  };
  const sweepTimer = setInterval(
    () => {
      if (poolClosed()) return stopTimers();
      void sweep();
    },
    options.sweepMs ?? 5 * 60_000,
  );
  sweepTimer.unref();
  function stopTimers(): void {
    clearInterval(flushTimer);
    clearInterval(sweepTimer);
  }

  return {
    count(key, limit) {
      const now = clock.now().getTime();
      let bucket = buckets.get(key);
      if (!bucket || (bucket.resetAt <= now && !bucket.writing && bucket.waiting.length === 0)) {
        // A window this process has not seen, or one that ended (what it counted and did not write no longer
        // matters): learnt, with this request counted, in PostgreSQL.
        bucket = { known: 0, resetAt: now + windowMs, pending: 0, writing: false, sending: 0, waiting: [] };
        buckets.set(key, bucket);
      } else if (bucket.waiting.length === 0 && bucket.known + bucket.sending + bucket.pending + 1 <= limit / 2) {
        bucket.pending += 1;
        const seen = bucket.known + bucket.sending + bucket.pending;
        return Promise.resolve({ allowed: true, remaining: limit - seen, resetAt: bucket.resetAt });
      }
      const counting = bucket;
      return new Promise<Counted>((resolve, reject) => {
        counting.waiting.push({ limit, resolve, reject });
        void judge(key, counting);
      });
    },
    flush,
    stop: stopTimers,
  };
}
