import type { InlineHandler } from '../inline/inlineHandler';
import { deleteWebhookHandler } from './deleteWebhook';
import { listDeliveries } from './listDeliveries';
import { listWebhooks } from './listWebhooks';
import { registerWebhookHandler } from './registerWebhook';
import { sendTestEvent } from './sendTestEvent';

/** The /webhooks/… endpoints of outbound notifications. */
export const webhookHandlers: Readonly<Record<string, InlineHandler>> = {
  'webhooks/register': registerWebhookHandler,
  'webhooks/list': listWebhooks,
  'webhooks/delete': deleteWebhookHandler,
  'webhooks/test-event': sendTestEvent,
  'webhooks/deliveries': listDeliveries,
};
