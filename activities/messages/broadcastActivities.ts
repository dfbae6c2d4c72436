import { deliverBroadcastPage, finishBroadcast, type BroadcastPage } from '../../core/messages/deliverBroadcast';
import { expireClaim } from '../../core/tasks/expireClaim';
import type { ActivityDeps } from '../createActivities';

/** Activities of the agent network's workflows: claim timers and broadcast fan-outs. */
export function agentNetworkActivities(deps: ActivityDeps) {
  return {
    expireTaskClaim: (request: { taskId: string; claim: number }) => expireClaim(deps.store, request),
    deliverBroadcastPage: (page: BroadcastPage) => deliverBroadcastPage(deps.store, page),
    finishBroadcast: (request: { broadcastId: string; recipients: number }) => finishBroadcast(deps.store, request.broadcastId, request.recipients),
  };
}
