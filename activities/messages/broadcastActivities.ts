import { deliverBroadcastPage, finishBroadcast, type BroadcastPage } from '../../core/messages/deliverBroadcast';
import type { ActivityDeps } from '../createActivities';

/** Activities of a broadcast's fan-out (workflows/messages/broadcastFanOut.ts). */
export function broadcastActivities(deps: ActivityDeps) {
  return {
    deliverBroadcastPage: (page: BroadcastPage) => deliverBroadcastPage(deps.store, page),
    finishBroadcast: (request: { broadcastId: string; recipients: number }) => finishBroadcast(deps.store, request.broadcastId, request.recipients),
  };
}
