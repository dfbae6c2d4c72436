import type { DeliveryRequest } from '../../schema/webhooks/deliveries';
import { systemClock } from '../../core/clock/clock';
import type { ActivityDeps } from '../createActivities';
import { createSafeFetch } from '../../core/net/safeFetch';
import { attemptDelivery, type DeliveryDeps } from './attemptDelivery';
import { retryPolicyOf } from './retrySchedule';
import { scheduleDelivery } from '../../core/webhooks/scheduleDelivery';
import { beatingWhile } from '../activityContext';

/** Activities of the `webhookDelivery` workflow: every request goes through the outgoing-URL guard. */
export function deliveryActivities(deps: ActivityDeps) {
  const { config } = deps;
  const delivery: DeliveryDeps = {
    store: deps.store,
    fetch: createSafeFetch({ allowLocalHttp: config.allowLocalHttp, timeoutMs: config.webhookTimeoutSeconds * 1000 }),
    clock: deps.clock ?? systemClock,
    retry: retryPolicyOf(config),
    signingKey: config.webhookSigningKey,
  };
  return {
    // Beating (presets.delivery's heartbeat time-out): an attempt lost with its worker is retried in seconds.
    scheduleDelivery: (request: DeliveryRequest) => beatingWhile(() => scheduleDelivery(deps.store, request)),
    attemptDelivery: (request: { deliveryId: string; attempt: number }) => beatingWhile(() => attemptDelivery(delivery, request.deliveryId, request.attempt)),
  };
}
