import { deliverBroadcastPage, finishBroadcast, type BroadcastPage } from '../../core/messages/deliverBroadcast';
import type { ActivityDeps } from '../createActivities';
import { beatingWhile } from '../activityContext';

/** Activities of a broadcast's fan-out (workflows/messages/broadcastFanOut.ts). */
export function broadcastActivities(deps: ActivityDeps) {
  return {
    // Beating (presets.delivery's heartbeat time-out): a page lost with its worker is retried in seconds.
    deliverBroadcastPage: (page: BroadcastPage) => beatingWhile(() => deliverBroadcastPage(deps.store, page)),
    finishBroadcast: (request: { broadcastId: string; recipients: number }) =>
      beatingWhile(() => finishBroadcast(deps.store, request.broadcastId, request.recipients)),
  };
}
