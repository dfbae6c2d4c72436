import type { ActivitiesFeature } from '../features';
import type { taskTools as tasksEntries } from '../../schema/tasks/taskTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { cancel } from './cancel';
import { claim } from './claim';
import { complete } from './complete';
import { submit } from './submit';
import { subscribe } from './subscribe';
import { boardTaskActivities } from './boardTaskActivities';

/** The task board (schema/tasks/taskTools.ts); browsing is answered by api/tasks/. */
const taskTools: FamilyImplementations<typeof tasksEntries> = {
  'task/submit': submit,
  'task/claim': claim,
  'task/complete': complete,
  'task/cancel': cancel,
  'task/subscribe': subscribe,
};

declare module '../features' {
  interface FeatureActivities {
    tasks: ReturnType<typeof boardTaskActivities>;
  }
}

export const feature = { tools: taskTools, activities: boardTaskActivities } satisfies ActivitiesFeature;
