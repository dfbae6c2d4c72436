import type { ActivitiesFeature, ActivityResources } from '../features';
import { orchestrationActivities } from './orchestrationActivities';

declare module '../features' {
  interface FeatureActivities {
    orchestration: ReturnType<typeof orchestrationActivities>;
  }
}

/** The orchestrated calls' steps and model turns (workflows/orchestration/). */
export const feature = {
  activities: (resources: ActivityResources) => orchestrationActivities({ router: resources.router, runTool: resources.runTool, db: resources.store.db }),
} satisfies ActivitiesFeature;
