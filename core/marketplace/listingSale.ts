import { accountOf } from '../networkAgents/owners';
import { saleSplit } from './saleSplit';
import type { Owner } from '../../schema/agentNetwork';
import type { SaleSplit } from '../../schema/marketplace/listingLimits';
import type { MarketplaceSale } from '../../schema/calls';
import { micros } from '../../schema/money';
import { byName } from '../../schema/registry';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/**
 * What a call of a listing costs and who is paid what, read when the call is prepared (before any payment): the
 * price the buyer is charged, and the seller's credit that settlement records. Null for a listing that is not live.
 */
export async function listingSale(db: Db, listingId: string, feePercent: number): Promise<(MarketplaceSale & { split: SaleSplit }) | null> {
  const listing = await db.withSchema(LIVE_SCHEMA).selectFrom('listings').selectAll().where('listing_id', '=', listingId).executeTakeFirst();
  const entry = listing ? byName.get(listing.tool) : undefined;
  if (!listing || !entry) return null;
  const split = saleSplit(micros(listing.price_micros), micros(Math.min(entry.price, listing.price_micros)), feePercent);
  return {
    listingId,
    sellerAccountId: accountOf(listing.owner as Owner),
    sellerAgentId: listing.agent_id,
    priceMicros: split.priceMicros,
    sellerMicros: split.sellerMicros,
    feeMicros: split.feeMicros,
    toolMicros: split.toolMicros,
    split,
  };
}
