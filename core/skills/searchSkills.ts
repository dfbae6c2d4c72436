import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { skillView } from './skillView';

/** ts_rank_cd weights for D, C, B, A: the name (A) counts double the description (B) and category and tags (C). */
const WEIGHTS = '{0.1, 0.5, 0.5, 1.0}';

/**
 * Ranks skills for a query: PostgreSQL full text (English stemming) over the name, description, category and tags,
 * any word matching (OR), scored by ts_rank_cd with the name weighted double and length-normalised; a skill whose
 * name is the query itself comes first.
 */
export async function searchSkills(db: Db, input: { q: string; category?: string; limit: number }): Promise<Record<string, unknown>> {
  const document = sql`setweight(to_tsvector('english', replace(skill_id, '-', ' ')), 'A')
    || setweight(to_tsvector('english', description), 'B')
    || setweight(to_tsvector('english', category || ' ' || coalesce(tags::text, '')), 'C')`;
  const query = sql`replace(plainto_tsquery('english', ${input.q})::text, ' & ', ' | ')::tsquery`;
  const exactName = input.q.trim().toLowerCase().replace(/\s+/g, '-');
  let rows = db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('skills')
    .selectAll()
    .select(sql<number>`ts_rank_cd(${WEIGHTS}::float4[], ${document}, ${query}, 1)`.as('rank'))
    .select(sql<boolean>`skill_id = ${exactName}`.as('exact'))
    .where((eb) => eb.or([sql<boolean>`${document} @@ ${query}`, eb('skill_id', '=', exactName)]));
  if (input.category) rows = rows.where('category', '=', input.category);
  const found = await rows.orderBy('exact', 'desc').orderBy('rank', 'desc').orderBy('skill_id').limit(input.limit).execute();
  return {
    query: input.q,
    results: found.map(({ rank, exact, ...row }) => skillView(row, { score: Number(Number(rank).toFixed(6)), exact_name: exact })),
    count: found.length,
  };
}
