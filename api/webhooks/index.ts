import type { InlineHandler } from '../inline/inlineHandler';
import { createRelayHandler } from '../relay/createRelay';
import { listRelayEventsHandler } from '../relay/listRelayEvents';
import { receiveRelayEventHandler } from '../relay/receiveRelayEvent';
import { deleteWebhookHandler } from './deleteWebhook';
import { listDeliveries } from './listDeliveries';
import { listWebhooks } from './listWebhooks';
import { registerWebhookHandler } from './registerWebhook';
import { sendTestEvent } from './sendTestEvent';

/** The /webhooks/… endpoints: outbound notifications and inbound relays. */
export const webhookHandlers: Readonly<Record<string, InlineHandler>> = {
  'webhooks/register': registerWebhookHandler,
  'webhooks/list': listWebhooks,
  'webhooks/delete': deleteWebhookHandler,
  'webhooks/test-event': sendTestEvent,
  'webhooks/deliveries': listDeliveries,
  'webhooks/create': createRelayHandler,
  'webhooks/receive': receiveRelayEventHandler,
  'webhooks/events': listRelayEventsHandler,
};
