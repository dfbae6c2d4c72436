import type { Db } from '../db/createDb';
import { filteredBoardTasks, type BoardTaskBrowse } from './filteredBoardTasks';
import { searchBoardTasks } from './searchBoardTasks';
import { boardTaskView } from './boardTaskView';

/** The board, newest first, filtered; with words, the hybrid search by words and meaning (searchBoardTasks), best first. */
export async function browseBoardTasks(db: Db, filter: BoardTaskBrowse): Promise<Record<string, unknown>> {
  if (filter.q) return searchBoardTasks(db, { ...filter, q: filter.q, queryVector: filter.queryVector ?? null });
  const rows = await filteredBoardTasks(db, filter)
    .selectAll()
    .orderBy('posted_at', 'desc')
    .orderBy('task_id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { tasks: rows.map(boardTaskView), count: rows.length };
}
