import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { ListingRow } from './listingsProjection';

/** A listing as the marketplace holds it now (live or delisted), or undefined. */
export async function findListing(db: Db, listingId: string): Promise<ListingRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('listings').selectAll().where('listing_id', '=', listingId).executeTakeFirst();
}
