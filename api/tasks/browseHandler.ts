import { browseTasks } from '../../core/tasks/browseTasks';
import type { TaskStatus } from '../../core/tasks/tasksProjection';

import { type InlineHandler, type FamilyHandlers } from '../inline/inlineHandler';
import type { taskTools } from '../../schema/tasks/taskTools';

/** GET /task/browse: the board, filtered. */
const browseHandler: InlineHandler = (input, { deps }) =>
  browseTasks(deps.store.db, {
    status: input.status as TaskStatus | 'any',
    tag: input.tag as string | undefined,
    q: input.q as string | undefined,
    minRewardMicros: input.min_reward_usd === undefined ? undefined : Math.round((input.min_reward_usd as number) * 1_000_000),
    poster: input.poster as string | undefined,
    limit: input.limit as number,
    offset: input.offset as number,
  });

/** The task board's free read (submit, claim, complete, cancel and subscribe are paid tools: activities/tasks/). */
export const taskHandlers: FamilyHandlers<typeof taskTools> = { 'task/browse': browseHandler };
