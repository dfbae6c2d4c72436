import { systemClock } from '../../core/clock/clock';
import type { ActivityDeps } from '../createActivities';
import { purgeRelayEvents } from '../../core/relay/purgeRelayEvents';

/** The purge the relay schedule runs. */
export function relayActivities(deps: ActivityDeps) {
  return {
    purgeRelayEvents: (request: { retentionHours: number }) => purgeRelayEvents(deps.store, deps.clock ?? systemClock, request.retentionHours),
  };
}
