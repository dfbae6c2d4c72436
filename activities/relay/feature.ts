import type { ActivitiesFeature } from '../features';
import { relayActivities } from './relayActivities';

declare module '../features' {
  interface FeatureActivities {
    relay: ReturnType<typeof relayActivities>;
  }
}

/** The relay purge’s activities (workflows/relay/purgeExpiredRelayEvents.ts). */
export const feature = { activities: relayActivities } satisfies ActivitiesFeature;
