import type { ActivitiesFeature } from '../features';
import { jobActivities } from './jobActivities';

declare module '../features' {
  interface FeatureActivities {
    jobs: ReturnType<typeof jobActivities>;
  }
}

/** Async jobs’ activities (workflows/jobs/asyncJob.ts). */
export const feature = { activities: jobActivities } satisfies ActivitiesFeature;
