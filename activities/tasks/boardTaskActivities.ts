import { expireClaim } from '../../core/tasks/expireClaim';
import type { ActivityDeps } from '../createActivities';

/** Activities of a claim's timer (workflows/tasks/taskClaimExpiry.ts). */
export function boardTaskActivities(deps: ActivityDeps) {
  return {
    expireTaskClaim: (request: { taskId: string; claim: number }) => expireClaim(deps.store, request),
  };
}
