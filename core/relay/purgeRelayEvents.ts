import { sql } from 'kysely';
import { utcDay, type Clock } from '../clock/clock';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';

const BATCH = 5000;

/**
 * Deletes relay events received more than `retentionHours` ago, a batch per transaction, and records each batch
 * as RelayEventsPurged in the same transaction: the log says what was deleted and when, never what it said.
 */
export async function purgeRelayEvents(store: EventStore, clock: Clock, retentionHours: number): Promise<number> {
  const now = clock.now();
  const before = new Date(now.getTime() - retentionHours * 3_600_000);
  let total = 0;
  for (;;) {
    const purged = await store.transaction(async (tx) => {
      const deleted = await sql<{ event_id: number }>`
        delete from relay_inbox where event_id in (
          select event_id from relay_inbox where received_at < ${before} order by received_at limit ${BATCH} for update skip locked)
        returning event_id`.execute(tx.trx);
      const count = deleted.rows.length;
      if (count > 0) {
        await tx.append(streams.relayPurges(utcDay(now)), [event('RelayEventsPurged', { receivedBefore: before.toISOString(), count, retentionHours })], {
          metadata: { actor: 'schedule:relay-purge' },
        });
      }
      return count;
    });
    total += purged;
    if (purged < BATCH) return total;
  }
}
