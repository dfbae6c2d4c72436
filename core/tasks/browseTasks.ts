import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import type { TaskStatus } from './tasksProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { taskView } from './taskView';

export interface TaskBrowse {
  readonly status: TaskStatus | 'any';
  readonly tag?: string;
  readonly q?: string;
  readonly minRewardMicros?: number;
  readonly poster?: string;
  readonly limit: number;
  readonly offset: number;
}

/** The board, newest first, filtered; words match the title and description by full-text search (English). */
export async function browseTasks(db: Db, filter: TaskBrowse): Promise<Record<string, unknown>> {
  let query = db.withSchema(LIVE_SCHEMA).selectFrom('tasks').selectAll();
  if (filter.status !== 'any') query = query.where('status', '=', filter.status);
  if (filter.tag) query = query.where(sql<boolean>`tags ? ${filter.tag}`);
  if (filter.q) query = query.where(sql<boolean>`to_tsvector('english', title || ' ' || description) @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.minRewardMicros !== undefined) query = query.where('reward_micros', '>=', filter.minRewardMicros);
  if (filter.poster) query = query.where('poster_agent', '=', filter.poster);
  const rows = await query.orderBy('posted_at', 'desc').orderBy('task_id').limit(filter.limit).offset(filter.offset).execute();
  return { tasks: rows.map(taskView), count: rows.length };
}
