import { schemaFeature } from '../schemaFeature';
import { taskSettings } from './taskSettings';
import { taskTools } from './taskTools';
import type { TaskEvents } from './taskEvents';

/** The task board and its subscriptions (task-<taskId>, tasksub-<subscriptionId>). */
export const feature = schemaFeature<TaskEvents>()({
  tools: taskTools,
  streams: {
    boardTask: (taskId: string) => `task-${taskId}`,
    boardTaskSubscription: (subscriptionId: string) => `tasksub-${subscriptionId}`,
  },
  settings: { title: 'The task board', settings: taskSettings },
});
