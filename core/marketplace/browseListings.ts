import { sql } from 'kysely';
import { MARKETPLACE_SPLIT } from '../../schema/agentNetwork';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { listingView } from './listingView';

/** Live listings, newest first; words match the title and description (full-text, English). */
export async function browseListings(db: Db, filter: { q?: string; tool?: string; agentId?: string; limit: number; offset: number }) {
  let query = db.withSchema(LIVE_SCHEMA).selectFrom('listings').selectAll();
  if (filter.q)
    query = query.where(sql<boolean>`to_tsvector('english', title || ' ' || description || ' ' || tool) @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.tool) query = query.where('tool', '=', filter.tool.replace(/^\//, ''));
  if (filter.agentId) query = query.where('agent_id', '=', filter.agentId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('listing_id').limit(filter.limit).offset(filter.offset).execute();
  return { listings: rows.map(listingView), count: rows.length, fee: MARKETPLACE_SPLIT };
}
