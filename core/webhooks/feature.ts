import type { CoreFeature } from '../features';
import { notificationReactions } from './notificationTrigger';
import { deliveries, type DeliveryRow } from './deliveriesProjection';
import { webhooks, type WebhookRow } from './webhooksProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    deliveries: DeliveryRow;
    webhooks: WebhookRow;
  }
}

/** Registered webhooks and their deliveries. */
export const feature: CoreFeature = { projections: [webhooks, deliveries], reactions: notificationReactions };
