import type { ToolImplementations } from '../tools/toolImplementation';
import { cancel } from './cancel';
import { claim } from './claim';
import { complete } from './complete';
import { submit } from './submit';
import { subscribe } from './subscribe';

/** The task board (schema/tasks/taskTools.ts); browsing is answered by api/tasks/. */
export const taskTools: ToolImplementations = {
  'task/submit': submit,
  'task/claim': claim,
  'task/complete': complete,
  'task/cancel': cancel,
  'task/subscribe': subscribe,
};
