import { schemaFeature } from '../schemaFeature';
import { taskTools } from './taskTools';
import type { TaskEvents } from './taskEvents';

/** The task board and its subscriptions (task-<taskId>, tasksub-<subscriptionId>). */
export const feature = schemaFeature<TaskEvents>()({
  tools: taskTools,
  streams: {
    task: (taskId: string) => `task-${taskId}`,
    taskSubscription: (subscriptionId: string) => `tasksub-${subscriptionId}`,
  },
});
