import type { SubscriptionHandler } from '../subscriptions/subscriber';
import { applyToTable } from './applyToTable';
import type { AnyProjection } from './types';

export const subscriptionIdOf = (projection: AnyProjection) => `projection-${projection.name}`;

/** An async projection as a subscription: its own checkpoint, so it can be rebuilt alone. */
export function asyncProjectionHandler(projection: AnyProjection, schema: string): SubscriptionHandler {
  return {
    id: subscriptionIdOf(projection),
    handles: projection.handles,
    handle: (trx, events) => applyToTable(trx, schema, projection, events),
  };
}
