import type { DeliveryRequest } from '../../schema/webhooks/deliveries';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';

/**
 * Records what is to be sent, once: a delivery whose stream already exists (the same source event again, or a
 * workflow id reused after Temporal forgot it) keeps its first record, and its attempts go on from the log.
 */
export async function scheduleDelivery(store: EventStore, request: DeliveryRequest): Promise<void> {
  const stream = streams.delivery(request.deliveryId);
  return store.transaction(async (tx) => {
    const version = await tx.lock(stream);
    if (version > 0) return;
    const { deliveryId, accountId, kind, webhookId, jobId, subscriptionId, eventId, url, payload } = request;
    const scheduled = {
      deliveryId,
      accountId,
      kind,
      webhookId,
      jobId,
      ...(subscriptionId ? { subscriptionId } : {}),
      event: request.event,
      eventId,
      url,
      payload,
    };
    await tx.append(stream, [event('DeliveryScheduled', scheduled)], {
      expectedVersion: version,
      metadata: { workflowId: `delivery-${deliveryId}`, actor: `key:${accountId}` },
    });
  });
}
