import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { reconnectDelayMs } from '../db/reconnectDelay';

/**
 * The advisory lock class every live API holds one lock of (its second key: the API's owner id). A claim names the
 * owner that made it; a claim whose owner's lock is gone was made by an API that died (its session ended with it), so
 * a repeat of its request need not wait out the lease. 0x746f6f6c ('tool') fits a signed int4.
 */
export const CLAIM_OWNERS_LOCK_CLASS = 0x746f6f6c;

/** The SQL condition "the owner of claim row `a` is gone": it named one, and no session of this database holds its lock. */
export const claimOwnerGone = sql<boolean>`(a.owner is not null and not exists (
  select 1 from pg_locks l
  where l.locktype = 'advisory' and l.granted and l.objsubid = 2
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${CLAIM_OWNERS_LOCK_CLASS}::oid and l.objid = a.owner::oid))`;

export interface ClaimOwner {
  /** The id this API's claims carry while its lock is held; null while its connection is lost (claims then pass on by lease alone). */
  current(): number | null;
  close(): Promise<void>;
}

/**
 * Holds this API's owner lock on a connection of its own for as long as the process lives, so PostgreSQL itself says
 * whether a claim's API is still there: a process killed outright closes its socket, its session ends and the lock
 * goes with it (a machine lost without closing it: once TCP keepalive gives up, or the lease). A lost connection is
 * reconnected with backoff, taking the same id again; until then `current()` is null, and claims made meanwhile carry
 * no owner (they pass on by the lease, as before owners existed), so a claim is never judged by a lock we lost.
 */
export async function holdClaimOwner(connectionString: string, options: { onError?: (error: unknown) => void } = {}): Promise<ClaimOwner> {
  let id: number | null = null;
  let wanted = randomInt(1, 2 ** 31 - 1);
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'toolgate-claim-owner', keepAlive: true });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    await next.connect();
    // Another live API holding the same random id is a 1-in-2^31 chance per start: then draw another.
    for (let tries = 0; ; tries++) {
      const { rows } = await next.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [CLAIM_OWNERS_LOCK_CLASS, wanted]);
      if (rows[0]?.held) break;
      if (tries >= 5) throw new Error('no free claim owner id after 6 tries');
      wanted = randomInt(1, 2 ** 31 - 1);
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    id = wanted;
    failures = 0;
  };

  const lost = (which: pg.Client, error?: unknown) => {
    if (which !== client) return;
    client = null;
    id = null;
    if (error) options.onError?.(error);
    which.removeAllListeners('end');
    void which.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        failures++;
        options.onError?.(error);
        schedule();
      });
    }, reconnectDelayMs(failures));
    retry.unref();
  };

  await connect();
  return {
    current: () => id,
    async close() {
      closed = true;
      clearTimeout(retry);
      const held = client;
      client = null;
      id = null;
      if (held) {
        held.removeAllListeners('end');
        await held.end().catch(() => undefined);
      }
    },
  };
}
