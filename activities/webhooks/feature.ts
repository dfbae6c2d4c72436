import type { ActivitiesFeature } from '../features';
import { deliveryActivities } from './deliveryActivities';

declare module '../features' {
  interface FeatureActivities {
    webhooks: ReturnType<typeof deliveryActivities>;
  }
}

/** A delivery’s activities (workflows/webhooks/webhookDelivery.ts). */
export const feature = { activities: deliveryActivities } satisfies ActivitiesFeature;
