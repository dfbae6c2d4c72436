import { type FamilyHandlers } from '../inline/inlineHandler';
import { deleteWebhookHandler } from './deleteWebhookHandler';
import { listDeliveries } from './listDeliveries';
import { listWebhooks } from './listWebhooks';
import { registerWebhookHandler } from './registerWebhookHandler';
import { sendTestEvent } from './sendTestEvent';
import type { webhookTools } from '../../schema/webhooks/webhookTools';
import type { ApiFeature } from '../features';

/** The /webhooks/… endpoints of outbound notifications (inbound relays: api/relay/). */
const webhookHandlers: FamilyHandlers<typeof webhookTools> = {
  'webhooks/register': registerWebhookHandler,
  'webhooks/list': listWebhooks,
  'webhooks/delete': deleteWebhookHandler,
  'webhooks/test-event': sendTestEvent,
  'webhooks/deliveries': listDeliveries,
};

export const feature = { handlers: webhookHandlers } satisfies ApiFeature;
