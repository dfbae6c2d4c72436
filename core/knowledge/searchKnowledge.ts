import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSide, type QueryVector, withNearestScan } from '../searchByMeaning/searchVectorStore';
import { vocabularyOf, withRespelling } from '../fullTextSearch/respelling';
import { wordFamilyQuery } from '../fullTextSearch/wordFamilies';
import { knowledgeSearchable } from './knowledgeSearchText';
import { knowledgeView } from './knowledgeView';

/** The least cosine similarity for an entry found by meaning alone (the local model). */
export const KNOWLEDGE_MEANING_THRESHOLD = 0.3;

/**
 * Hybrid search over the knowledge base: PostgreSQL full text (English stemming and word families, any word: a
 * question's words are rarely all in the entry that answers it), ranked by ts_rank_cd with title and tags (weight A)
 * above content (weight B), fused by reciprocal rank with the entries nearest in meaning (when the query could be
 * embedded); an entry not yet embedded is found by its words. A query none of whose words the base holds is read
 * again respelled from the base's own words (withRespelling).
 */
export async function searchKnowledge(
  db: Db,
  input: { q: string; tag?: string; limit: number; queryVector?: QueryVector | null },
): Promise<Record<string, unknown>> {
  const document = sql`setweight(to_tsvector('english', title || ' ' || coalesce(tags::text, '')), 'A') || setweight(to_tsvector('english', content), 'B')`;
  const queryVector = input.queryVector ?? null;
  const meaning = meaningSide(knowledgeSearchable.collection, { item: sql`entry_id`, stamp: sql`created_at` }, queryVector);
  const candidates = (text: string) => (trx: Db) => {
    // A query of no words (punctuation alone) matches nothing by words; meaning may still find entries.
    const query = wordFamilyQuery(text) ?? sql`''::tsquery`;
    let rows = trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('knowledge_entries')
      .select('entry_id as id')
      .select(sql<number>`case when ${document} @@ ${query} then ts_rank_cd(${document}, ${query}) else 0 end`.as('rank'))
      .select(meaning.similarity.as('similarity'))
      .select(sql<boolean>`false`.as('exact'))
      // The words' matches and the entries nearest in meaning: the whole base need not be read.
      .where(sql<boolean>`(${document} @@ ${query} or ${meaning.near})`);
    if (input.tag) rows = rows.where(sql<boolean>`tags ? ${input.tag}`);
    return rows.execute();
  };
  const search = (text: string) => (queryVector ? withNearestScan(db, candidates(text)) : candidates(text)(db));
  // The base's words are read only for a query none of whose words it holds.
  const found = await withRespelling(input.q, search, (lengths) =>
    vocabularyOf(db, sql`select title || ' ' || content || ' ' || tags::text as text from ${sql.table(`${LIVE_SCHEMA}.knowledge_entries`)}`, lengths),
  );
  const ranked = hybridRanking(found, { threshold: KNOWLEDGE_MEANING_THRESHOLD, byMeaning: queryVector !== null, limit: input.limit });
  const rows = ranked.length
    ? await db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('knowledge_entries')
        .selectAll()
        .where(
          'entry_id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((r) => [r.entry_id, r]));
  const results = ranked.flatMap((r) => {
    const row = rowOf.get(r.id);
    return row ? [knowledgeView(row, { rank: round(r.rank), score: round(r.score), similarity: r.similarity === null ? null : round(r.similarity) })] : [];
  });
  return { query: input.q, by_meaning: queryVector !== null, results, count: results.length };
}

const round = (x: number) => Number(Number(x).toFixed(6));
