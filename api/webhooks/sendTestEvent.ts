import { startDeliveryWorkflow } from '../../core/webhooks/startDeliveryWorkflow';
import { LIVE_SCHEMA } from '../../core/projections';
import { NotFound } from '../errors/httpErrors';
import type { webhookTools } from '../../schema/webhooks/webhookTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';
import { sampleNotification } from './sampleNotification';

/**
 * POST /webhooks/test-event: a signed sample to the key's webhooks (the one named, or every one subscribed to
 * the event), each delivered and retried by its own delivery workflow exactly like a real event.
 */
export const sendTestEvent: HandlerFor<typeof webhookTools, 'webhooks/test-event'> = async (input, { deps, state, docs }) => {
  const { accountId } = callerAccount(state);
  const { event } = input;
  let query = deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('webhooks').selectAll().where('account_id', '=', accountId);
  if (typeof input.webhook_id === 'string') query = query.where('webhook_id', '=', input.webhook_id);
  const targets = (await query.orderBy('webhook_id').execute()).filter((w) => input.webhook_id !== undefined || event === 'test' || w.events.includes(event));
  if (typeof input.webhook_id === 'string' && targets.length === 0) throw new NotFound(`no webhook ${input.webhook_id}`, null, docs);

  const now = deps.clock.now();
  const eventId = `evt_test_${state.requestId}`;
  const deliveries = [];
  for (const webhook of targets) {
    const deliveryId = `${webhook.webhook_id}-test-${state.requestId}`;
    await startDeliveryWorkflow(deps.temporal.client, deps.config.taskQueue, {
      deliveryId,
      accountId,
      kind: 'notification',
      webhookId: webhook.webhook_id,
      event,
      eventId,
      url: webhook.url,
      payload: {
        id: eventId,
        type: event,
        created_at: now.toISOString(),
        webhook_id: webhook.webhook_id,
        test: true,
        data: sampleNotification(event, now, state.clientIp),
      },
    });
    deliveries.push({ delivery_id: deliveryId, webhook_id: webhook.webhook_id, url: webhook.url });
  }
  return { sent: deliveries.length, event, event_id: eventId, deliveries };
};
