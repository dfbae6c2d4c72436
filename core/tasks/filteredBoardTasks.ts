import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import type { BoardTaskStatus } from './boardTasksProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { QueryVector } from '../searchByMeaning/searchVectorStore';

/** What a look at the board asks for: its filters, and words to search for (browseBoardTasks, searchBoardTasks). */
export interface BoardTaskBrowse {
  readonly status: BoardTaskStatus | 'any';
  readonly tag?: string;
  readonly q?: string;
  readonly minRewardMicros?: number;
  readonly poster?: string;
  readonly limit: number;
  readonly offset: number;
  /** With q: the query's vector, when a worker could make one (null: words alone). */
  readonly queryVector?: QueryVector | null;
}

/** The board filtered (status, tag, reward, poster), as a query of the board_tasks table for a browse or a search to finish. */
export function filteredBoardTasks(db: Db, filter: Omit<BoardTaskBrowse, 'q' | 'limit' | 'offset' | 'queryVector'>) {
  let query = db.withSchema(LIVE_SCHEMA).selectFrom('board_tasks');
  if (filter.status !== 'any') query = query.where('status', '=', filter.status);
  if (filter.tag) query = query.where(sql<boolean>`tags ? ${filter.tag}`);
  if (filter.minRewardMicros !== undefined) query = query.where('reward_micros', '>=', filter.minRewardMicros);
  if (filter.poster) query = query.where('poster_agent', '=', filter.poster);
  return query;
}
