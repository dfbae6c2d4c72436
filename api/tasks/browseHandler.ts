import { browseBoardTasks } from '../../core/tasks/browseBoardTasks';
import type { FamilyHandlers, HandlerFor } from '../inline/inlineHandler';
import type { taskTools } from '../../schema/tasks/taskTools';
import { queryVectorFromWorker } from '../searchByMeaning/queryVectorFromWorker';

/** GET /task/browse: the board, filtered; with words, searched by meaning too (the query's vector comes from a worker). */
const browseHandler: HandlerFor<typeof taskTools, 'task/browse'> = async (input, { deps }) =>
  browseBoardTasks(deps.store.db, {
    queryVector: input.q ? await queryVectorFromWorker(deps, input.q) : null,
    status: input.status,
    tag: input.tag,
    q: input.q,
    minRewardMicros: input.min_reward_usd === undefined ? undefined : Math.round(input.min_reward_usd * 1_000_000),
    poster: input.poster,
    limit: input.limit,
    offset: input.offset,
  });

/** The task board's free read (submit, claim, complete, cancel and subscribe are paid tools: activities/tasks/). */
export const boardTaskHandlers: FamilyHandlers<typeof taskTools> = { 'task/browse': browseHandler };
