import type { ActivitiesFeature } from '../features';
import { auditActivities } from './auditActivities';

declare module '../features' {
  interface FeatureActivities {
    audit: ReturnType<typeof auditActivities>;
  }
}

/** The log checkpoint's activity (workflows/audit/issueLogCheckpoint.ts). */
export const feature = { activities: auditActivities } satisfies ActivitiesFeature;
