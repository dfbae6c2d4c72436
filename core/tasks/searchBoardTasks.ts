import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { anyWordQuery } from '../fullTextSearch/anyWordQuery';
import { wordFamilyQuery } from '../fullTextSearch/wordFamilies';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSide, type QueryVector, withNearestScan } from '../searchByMeaning/searchVectorStore';
import { filteredBoardTasks, type BoardTaskBrowse } from './filteredBoardTasks';
import { boardTaskSearchable } from './boardTaskSearchText';
import { boardTaskView } from './boardTaskView';

/** The least cosine similarity for a task found by meaning alone (the local model; unrelated pairs sit below 0.15). */
export const BOARD_TASK_MEANING_THRESHOLD = 0.3;

/** A task's words: title and tags (weight A) above the description (B). */
const DOCUMENT = sql`setweight(to_tsvector('english', title || ' ' || coalesce(tags::text, '')), 'A') || setweight(to_tsvector('english', description), 'B')`;

/**
 * Tasks for words, hybrid, within the board's filters: full text over title, tags and description (English stemming
 * and word families, any word), ranked by ts_rank_cd, fused by reciprocal rank with the tasks nearest in meaning
 * (when the query could be embedded); a title equal to the query first. A task not embedded yet is found by its words.
 */
export async function searchBoardTasks(db: Db, filter: BoardTaskBrowse & { q: string; queryVector: QueryVector | null }): Promise<Record<string, unknown>> {
  const families = wordFamilyQuery(filter.q);
  const anyWord = sql`to_tsquery('english', ${anyWordQuery(filter.q) ?? ''})`;
  const words = families ? sql`(${anyWord} || ${families})` : anyWord;
  const exact = sql<boolean>`lower(title) = lower(${filter.q.trim()})`;
  const meaning = meaningSide(boardTaskSearchable.collection, { item: sql`task_id`, stamp: sql`posted_at` }, filter.queryVector);
  const rank = (trx: Db) =>
    filteredBoardTasks(trx, filter)
      .select('task_id as id')
      .select(sql<number>`case when ${DOCUMENT} @@ ${words} then ts_rank_cd(${DOCUMENT}, ${words}) else 0 end`.as('rank'))
      .select(meaning.similarity.as('similarity'))
      .select(exact.as('exact'))
      .where(sql<boolean>`(${DOCUMENT} @@ ${words} or ${exact} or ${meaning.near})`)
      .execute();
  const found = filter.queryVector ? await withNearestScan(db, rank) : await rank(db);
  const ranked = hybridRanking(found, {
    threshold: BOARD_TASK_MEANING_THRESHOLD,
    byMeaning: filter.queryVector !== null,
    limit: filter.offset + filter.limit,
  }).slice(filter.offset);
  const rows = ranked.length
    ? await db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('board_tasks')
        .selectAll()
        .where(
          'task_id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((r) => [r.task_id, r]));
  const tasks = ranked.flatMap((r) => {
    const row = rowOf.get(r.id);
    return row ? [{ ...boardTaskView(row), score: round(r.score), similarity: r.similarity === null ? null : round(r.similarity) }] : [];
  });
  return { tasks, count: tasks.length, by_meaning: filter.queryVector !== null };
}

const round = (x: number) => Number(Number(x).toFixed(6));
