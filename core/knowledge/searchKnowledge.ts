import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { knowledgeView } from './knowledgeView';

/**
 * PostgreSQL full-text search over the knowledge base (English stemming; websearch syntax: "phrases", or, -not),
 * ranked by ts_rank_cd with title and tags (weight A) above content (weight B).
 */
export async function searchKnowledge(db: Db, input: { q: string; tag?: string; limit: number }): Promise<Record<string, unknown>> {
  const document = sql`setweight(to_tsvector('english', title || ' ' || coalesce(tags::text, '')), 'A') || setweight(to_tsvector('english', content), 'B')`;
  const query = sql`websearch_to_tsquery('english', ${input.q})`;
  let rows = db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('knowledge_entries')
    .selectAll()
    .select(sql<number>`ts_rank_cd(${document}, ${query})`.as('rank'))
    .where(sql<boolean>`${document} @@ ${query}`);
  if (input.tag) rows = rows.where(sql<boolean>`tags ? ${input.tag}`);
  const found = await rows.orderBy('rank', 'desc').orderBy('created_at', 'desc').limit(input.limit).execute();
  return { query: input.q, results: found.map((r) => knowledgeView(r, { rank: Number(r.rank.toFixed(6)) })), count: found.length };
}
