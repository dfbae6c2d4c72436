import type { DomainEvent } from '../../schema/events';
import { streams } from '../../schema/events';
import { type EventStore, readStream, type StoredEvent, type StoredEventOf } from '../eventStore';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** A delivery's log as its attempts read it: what was scheduled and everything recorded since. */
export interface DeliveryLog {
  readonly scheduled: StoredEventOf<'DeliveryScheduled'>;
  readonly history: readonly StoredEvent[];
}

/** The delivery's stream; a delivery that was never scheduled is a bug of the caller's, not a state. */
export async function readDeliveryLog(db: Db, deliveryId: string): Promise<DeliveryLog> {
  const history = await readStream(db, streams.delivery(deliveryId));
  const scheduled = history.find((e): e is StoredEventOf<'DeliveryScheduled'> => e.type === 'DeliveryScheduled');
  if (!scheduled) throw new Error(`delivery ${deliveryId} was never scheduled`);
  return { scheduled, history };
}

/** Records an attempt's events after the log as read; only this delivery's workflow writes here, so a conflict means a duplicate activity run, which Temporal retries. */
export async function recordDeliveryStep(store: EventStore, log: DeliveryLog, events: DomainEvent[]): Promise<void> {
  const { deliveryId, accountId } = log.scheduled.data;
  await store.append(streams.delivery(deliveryId), events, {
    expectedVersion: log.history.length,
    metadata: { workflowId: `delivery-${deliveryId}`, actor: `key:${accountId}` },
  });
}

/** Whether the webhook a delivery is for still exists (a deleted one's deliveries stop). */
export async function webhookIsLive(db: Db, webhookId: string): Promise<boolean> {
  const row = await db.withSchema(LIVE_SCHEMA).selectFrom('webhooks').select('webhook_id').where('webhook_id', '=', webhookId).executeTakeFirst();
  return row !== undefined;
}
