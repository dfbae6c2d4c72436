import type { DeliveryRequest } from '../../schema/webhooks/deliveries';
import { startDeliveryWorkflow } from './startDeliveryWorkflow';
import type { StoredEvent } from '../eventStore/types';
import type { Reaction, ReactionDeps } from '../subscriptions/reactions';
import { matchingWebhooks } from './matchingWebhooks';
import { NOTIFYING_EVENT_TYPES, notificationOf, type Notification } from './notificationSources';

/**
 * Turns recorded events (low balance, payment, free tier used up …) into one delivery workflow per matching
 * webhook. Its own checkpoint advances only after the starts succeed; an event read again (crash, replayed
 * batch) derives the same workflow id, `delivery-<webhook>-evt<position>`, which Temporal refuses to start twice.
 */
export function notificationReactions(deps: ReactionDeps): Reaction[] {
  return [
    {
      subscription: 'webhook-notifications',
      handles: NOTIFYING_EVENT_TYPES,
      async react(trx, stored) {
        const notification = notificationOf(stored);
        if (!notification) return;
        for (const webhook of await matchingWebhooks(trx, notification, stored.recordedAt, deps.config.lowBalanceThreshold)) {
          await startDeliveryWorkflow(deps.client, deps.taskQueue, deliveryOf(stored, notification, webhook));
        }
      },
    },
  ];
}

function deliveryOf(stored: StoredEvent, notification: Notification, webhook: { webhook_id: string; url: string; account_id: string }): DeliveryRequest {
  const eventId = `evt_${stored.position}`;
  return {
    deliveryId: `${webhook.webhook_id}-evt${stored.position}`,
    accountId: webhook.account_id,
    kind: 'notification',
    webhookId: webhook.webhook_id,
    event: notification.event,
    eventId,
    url: webhook.url,
    payload: { id: eventId, type: notification.event, created_at: stored.recordedAt.toISOString(), webhook_id: webhook.webhook_id, data: notification.data },
  };
}
