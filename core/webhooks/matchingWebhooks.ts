import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { Notification } from './notificationSources';

/**
 * The live webhooks that asked for this notification. Only those registered before the event: a webhook never
 * hears about the past, and a subscriber catching up over an old log starts no deliveries for it.
 */
export async function matchingWebhooks(
  db: Kysely<Tables>,
  notification: Notification,
  happenedAt: Date,
  serviceThresholdMicros: number,
): Promise<{ webhook_id: string; url: string; account_id: string }[]> {
  let query = db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('webhooks')
    .select(['webhook_id', 'url', 'account_id'])
    .where(sql<boolean>`events ? ${notification.event}`)
    .where('created_at', '<=', happenedAt);
  query =
    'accountId' in notification.audience
      ? query.where('account_id', '=', notification.audience.accountId)
      : query.where('registered_from_ip', '=', notification.audience.ip);
  const threshold = notification.thresholdMicros;
  if (threshold !== undefined) {
    // A webhook without a threshold of its own hears the service-wide one.
    query = query.where((eb) =>
      eb.or([eb('threshold_micros', '=', threshold), ...(threshold === serviceThresholdMicros ? [eb('threshold_micros', 'is', null)] : [])]),
    );
  }
  return query.orderBy('webhook_id').execute();
}
