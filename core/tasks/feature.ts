import type { CoreFeature } from '../features';
import { boardTaskReactions } from './boardTaskTrigger';
import { boardTaskSearchable } from './boardTaskSearchText';
import { boardTaskSubscriptions, type BoardTaskSubscriptionRow } from './boardTaskSubscriptionsProjection';
import { boardTasks, type BoardTaskRow } from './boardTasksProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    board_task_subscriptions: BoardTaskSubscriptionRow;
    board_tasks: BoardTaskRow;
  }
}

/** The task board and its subscriptions. */
export const feature: CoreFeature = { projections: [boardTasks, boardTaskSubscriptions], reactions: boardTaskReactions, searchable: [boardTaskSearchable] };
