import { schemaFeature } from '../schemaFeature';
import { webhookSettings } from './webhookSettings';
import { webhookTools } from './webhookTools';
import type { DeliveryEvents } from './deliveryEvents';
import type { WebhookEvents } from './webhookEvents';

/** Outbound notifications to registered HTTPS endpoints, signed and retried (webhook-<id>, delivery-<id>). */
export const feature = schemaFeature<WebhookEvents & DeliveryEvents>()({
  tools: webhookTools,
  streams: {
    webhook: (webhookId: string) => `webhook-${webhookId}`,
    delivery: (deliveryId: string) => `delivery-${deliveryId}`,
  },
  settings: { title: 'Webhooks: signing and delivery', settings: webhookSettings },
});
