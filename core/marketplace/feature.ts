import type { CoreFeature } from '../features';
import { creditSale } from './creditSale';
import { listingSearchable } from './listingSearchText';
import { listings, type ListingRow } from './listingsProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    listings: ListingRow;
  }
}

/** The marketplace’s listings; a sale's seller is credited in the transaction that settles the call. */
export const feature: CoreFeature = {
  projections: [listings],
  searchable: [listingSearchable],
  onSettled: (tx, { sale, callId, metadata }) => (sale ? creditSale(tx, sale, callId, metadata) : Promise.resolve()),
};
