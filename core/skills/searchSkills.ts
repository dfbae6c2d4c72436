import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSide, type QueryVector, withNearestScan } from '../searchByMeaning/searchVectorStore';
import { skillSearchable } from './skillSearchText';
import { vocabularyOf, withRespelling } from '../fullTextSearch/respelling';
import { wordFamilyQuery } from '../fullTextSearch/wordFamilies';
import { skillView } from './skillView';

/** ts_rank_cd weights for D, C, B, A: the name (A) counts double the description (B) and category and tags (C). */
const WEIGHTS = '{0.1, 0.5, 0.5, 1.0}';

/** The least cosine similarity for a skill found by meaning alone (the local model; unrelated pairs sit below 0.15). */
export const SKILL_MEANING_THRESHOLD = 0.3;

/**
 * Ranks skills for a query, hybrid: PostgreSQL full text (English stemming and word families, so summarize,
 * summarise and summary find each other) over the name, description, category and tags, any word matching, scored
 * by ts_rank_cd with the name weighted double (a query none of whose words matched is read again respelled from the
 * skills' own words: withRespelling); fused by reciprocal rank with the skills nearest in meaning (the query's
 * vector, when the workers could make one); a skill whose name is the query itself comes first.
 */
export async function searchSkills(
  db: Db,
  input: { q: string; category?: string; limit: number; queryVector?: QueryVector | null },
): Promise<Record<string, unknown>> {
  const document = sql`setweight(to_tsvector('english', replace(skill_id, '-', ' ')), 'A')
    || setweight(to_tsvector('english', description), 'B')
    || setweight(to_tsvector('english', category || ' ' || coalesce(tags::text, '')), 'C')`;
  const queryVector = input.queryVector ?? null;
  const meaning = meaningSide(skillSearchable.collection, { item: sql`skill_id`, stamp: sql`created_at` }, queryVector);
  const candidates = (text: string) => async (trx: Db) => {
    const families = wordFamilyQuery(text);
    const query = families
      ? sql`(replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')::tsquery || ${families})`
      : sql`replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')::tsquery`;
    const exactName = text.trim().toLowerCase().replace(/\s+/g, '-');
    let rows = trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('skills')
      .select('skill_id as id')
      .select(sql<number>`case when ${document} @@ ${query} then ts_rank_cd(${WEIGHTS}::float4[], ${document}, ${query}, 1) else 0 end`.as('rank'))
      .select(meaning.similarity.as('similarity'))
      .select(sql<boolean>`skill_id = ${exactName}`.as('exact'))
      .where(sql<boolean>`(${document} @@ ${query} or skill_id = ${exactName} or ${meaning.near})`);
    if (input.category) rows = rows.where('category', '=', input.category);
    return rows.execute();
  };
  const search = (text: string) => (queryVector ? withNearestScan(db, candidates(text)) : candidates(text)(db));
  const found = await withRespelling(input.q, search, (lengths) =>
    vocabularyOf(
      db,
      sql`select replace(skill_id, '-', ' ') || ' ' || description || ' ' || category || ' ' || coalesce(tags::text, '') as text from ${sql.table(`${LIVE_SCHEMA}.skills`)}`,
      lengths,
    ),
  );
  const ranked = hybridRanking(found, { threshold: SKILL_MEANING_THRESHOLD, byMeaning: queryVector !== null, limit: input.limit });
  const full = ranked.length
    ? await db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('skills')
        .selectAll()
        .where(
          'skill_id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(full.map((r) => [r.skill_id, r]));
  const results = ranked.flatMap((r) => {
    const row = rowOf.get(r.id);
    return row
      ? [
          skillView(row, {
            score: round(r.score),
            rank: round(r.rank),
            similarity: r.similarity === null ? null : round(r.similarity),
            exact_name: r.exact,
          }),
        ]
      : [];
  });
  return { query: input.q, by_meaning: queryVector !== null, results, count: results.length };
}

const round = (x: number) => Number(Number(x).toFixed(6));
