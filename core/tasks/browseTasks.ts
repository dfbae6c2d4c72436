import type { Db } from '../db/createDb';
import { filteredTasks, type TaskBrowse } from './filteredTasks';
import { searchTasks } from './searchTasks';
import { taskView } from './taskView';

/** The board, newest first, filtered; with words, the hybrid search by words and meaning (searchTasks), best first. */
export async function browseTasks(db: Db, filter: TaskBrowse): Promise<Record<string, unknown>> {
  if (filter.q) return searchTasks(db, { ...filter, q: filter.q, queryVector: filter.queryVector ?? null });
  const rows = await filteredTasks(db, filter).selectAll().orderBy('posted_at', 'desc').orderBy('task_id').limit(filter.limit).offset(filter.offset).execute();
  return { tasks: rows.map(taskView), count: rows.length };
}
