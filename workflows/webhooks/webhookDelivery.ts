import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import type { DeliveryRequest } from '../../schema/webhooks/deliveries';
import { presets } from '../timeouts';

const deliveries = proxyActivities<Activities>(presets.delivery);

/**
 * One message to one URL, until it is accepted or the retry window closes. The waits are durable timers, so a
 * delivery retried over three days survives restarts of every process; each attempt is recorded on its stream.
 */
export async function webhookDelivery(request: DeliveryRequest): Promise<{ delivered: boolean; attempts: number }> {
  await deliveries.scheduleDelivery(request);
  for (let attempt = 1; ; attempt++) {
    const outcome = await deliveries.attemptDelivery({ deliveryId: request.deliveryId, attempt });
    if (outcome.done) return { delivered: outcome.delivered, attempts: outcome.attempts };
    await sleep(outcome.retryInMs);
  }
}
