import { LIVE_SCHEMA } from '../projections/liveSchema';
import { shared, type SearchableCollection } from '../searchByMeaning/searchableCollection';

/** What a listing's vector is made from: its title, the tool it sells (as words) and its description. */
export function listingSearchText(listing: { title: string; tool: string; description: string }): string {
  const tool = listing.tool.replace(/[-_/]+/g, ' ');
  return `${listing.title} (${tool})${listing.description ? `: ${listing.description}` : ''}`;
}

/** Marketplace listings by meaning: shared, stamped with created_at (searchListings reads the same). */
export const listingSearchable: SearchableCollection = {
  collection: 'listings',
  writtenBy: { ListingCreated: (data) => shared(data.listingId) },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('listings')
      .select(['listing_id', 'title', 'tool', 'description', 'created_at'])
      .where(
        'listing_id',
        'in',
        items.map((i) => i.item),
      )
      .execute();
    return rows.map((r) => ({ ...shared(r.listing_id), text: listingSearchText(r), stamp: r.created_at }));
  },
};
