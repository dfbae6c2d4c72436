import { purgeAnswers } from '../../core/idempotency';
import { systemClock } from '../../core/clock/clock';
import type { ActivityDeps } from '../createActivities';

/** The purge the idempotent-answers schedule runs. */
export function idempotencyActivities(deps: ActivityDeps) {
  return {
    purgeAnswers: (request: { windowHours: number }) => purgeAnswers(deps.store.db, deps.clock ?? systemClock, request.windowHours),
  };
}
