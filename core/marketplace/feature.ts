import type { CoreFeature } from '../features';
import { listingSearchable } from './listingSearchText';
import { listings, type ListingRow } from './listingsProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    listings: ListingRow;
  }
}

/** The marketplace’s listings. */
export const feature: CoreFeature = { projections: [listings], searchable: [listingSearchable] };
