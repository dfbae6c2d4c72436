import { sql } from 'kysely';
import { TRENDING_FORMULA } from '../../schema/knowledge/knowledgeLimits';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { knowledgeView } from './knowledgeView';

/** Entries by (upvotes − downvotes) / (age_hours + 2)^1.5: votes count, and count less as an entry ages. */
export async function trendingKnowledge(db: Db, input: { limit: number; tag?: string }): Promise<Record<string, unknown>> {
  const trending = sql<number>`(upvotes - downvotes) / power(greatest(extract(epoch from now() - created_at), 0) / 3600 + 2, 1.5)`;
  let rows = db.withSchema(LIVE_SCHEMA).selectFrom('knowledge_entries').selectAll().select(trending.as('trending'));
  if (input.tag) rows = rows.where(sql<boolean>`tags ? ${input.tag}`);
  const found = await rows.orderBy('trending', 'desc').orderBy('created_at', 'desc').orderBy('entry_id').limit(input.limit).execute();
  return { results: found.map((r) => knowledgeView(r, { trending: Number(Number(r.trending).toFixed(6)) })), formula: TRENDING_FORMULA };
}
