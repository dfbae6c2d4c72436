import type { ActivitiesFeature } from '../features';
import { customAgentActivities } from './customAgentActivities';

declare module '../features' {
  interface FeatureActivities {
    customAgents: ReturnType<typeof customAgentActivities>;
  }
}

/** Custom agents’ runs (workflows/customAgents/). */
export const feature = { activities: customAgentActivities } satisfies ActivitiesFeature;
