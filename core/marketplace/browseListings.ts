import { MARKETPLACE_SPLIT } from '../../schema/marketplace/listingLimits';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { QueryVector } from '../searchByMeaning/searchVectorStore';
import { listingView } from './listingView';
import { searchListings } from './searchListings';

/** Live listings, newest first; with words, the hybrid search by words and meaning (searchListings), best first. */
export async function browseListings(
  db: Db,
  filter: { q?: string; tool?: string; agentId?: string; limit: number; offset: number; queryVector?: QueryVector | null },
) {
  if (filter.q) return searchListings(db, { ...filter, q: filter.q, queryVector: filter.queryVector ?? null });
  let query = db.withSchema(LIVE_SCHEMA).selectFrom('listings').selectAll();
  if (filter.tool) query = query.where('tool', '=', filter.tool.replace(/^\//, ''));
  if (filter.agentId) query = query.where('agent_id', '=', filter.agentId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('listing_id').limit(filter.limit).offset(filter.offset).execute();
  return { listings: rows.map(listingView), count: rows.length, fee: MARKETPLACE_SPLIT };
}
