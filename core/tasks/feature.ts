import type { CoreFeature } from '../features';
import { taskReactions } from './taskTrigger';
import { taskSearchable } from './taskSearchText';
import { taskSubscriptions, type TaskSubscriptionRow } from './taskSubscriptionsProjection';
import { tasks, type TaskRow } from './tasksProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    task_subscriptions: TaskSubscriptionRow;
    tasks: TaskRow;
  }
}

/** The task board and its subscriptions. */
export const feature: CoreFeature = { projections: [tasks, taskSubscriptions], reactions: taskReactions, searchable: [taskSearchable] };
