import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { serviceMetrics, subscriberLag } from './serviceMetrics';

/** Past this many events a subscription is simply far behind: counting them all would make the scrape slow. */
const COUNT_UP_TO = 10_000;

/**
 * Has this process's /metrics report how far each of its subscriptions is behind the log: the events after its stored
 * checkpoint, in the subscriber's own (transaction, position) order, and the age of the first of them. Read from the
 * database at each scrape, so every worker replica reports the same fleet-wide figure (a dashboard takes their max).
 */
export function watchSubscriberLag(db: Kysely<Tables>, subscriptionIds: readonly string[], onError: (error: unknown) => void): void {
  subscriberLag.collect = async () => {
    // A database that does not answer leaves the last figures, rather than failing the whole scrape.
    const rows = await readLag(db, subscriptionIds).catch((error: unknown) => {
      onError(error);
      return [];
    });
    for (const row of rows) {
      serviceMetrics.subscriberLagEvents.set({ subscription: row.subscription_id }, row.behind);
      serviceMetrics.subscriberLagSeconds.set({ subscription: row.subscription_id }, Math.max(0, row.oldest_s ?? 0));
    }
  };
}

async function readLag(db: Kysely<Tables>, subscriptionIds: readonly string[]) {
  if (subscriptionIds.length === 0) return [];
  const { rows } = await sql<{ subscription_id: string; behind: number; oldest_s: number | null }>`
      select c.subscription_id,
        (select count(*)::int from (select 1 from events e where (e.transaction_id, e.position) > (c.transaction_id, c.position) limit ${COUNT_UP_TO}) b) as behind,
        (select extract(epoch from now() - e.recorded_at)::float8 from events e where (e.transaction_id, e.position) > (c.transaction_id, c.position)
          order by e.transaction_id, e.position limit 1) as oldest_s
      from subscription_checkpoints c
      where c.subscription_id in (${sql.join(subscriptionIds)})`.execute(db);
  return rows;
}
