import type { InlineHandler } from '../inline/inlineHandler';
import { createRelayHandler } from '../relay/createRelayHandler';
import { listRelayEventsHandler } from '../relay/listRelayEventsHandler';
import { receiveRelayEventHandler } from '../relay/receiveRelayEventHandler';
import { deleteWebhookHandler } from './deleteWebhookHandler';
import { listDeliveries } from './listDeliveries';
import { listWebhooks } from './listWebhooks';
import { registerWebhookHandler } from './registerWebhookHandler';
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
