import type { CatalogListing } from '../../schema/catalog/catalogListing';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import type { CatalogEntryState } from './catalogEntryState';

export type ListingOutcome = 'added' | 'updated' | 'unchanged';

/**
 * Records what the directory says of an API: a first listing, a revision when anything differs, nothing when it is
 * the same. Appended at the version it was read at, so two discoveries at once cannot both revise it.
 */
export async function recordListing(store: EventStore, state: CatalogEntryState, listing: CatalogListing, discoveryId: string | null): Promise<ListingOutcome> {
  if (state.listing && sameListing(state.listing, listing)) return 'unchanged';
  const type = state.listing ? 'CatalogEntryRevised' : 'CatalogEntryListed';
  await store.append(streams.catalogEntry(listing.id), [event(type, { listing, discoveryId })], {
    expectedVersion: state.version === 0 ? 'no_stream' : state.version,
    metadata: { actor: discoveryId ? `discovery:${discoveryId}` : 'catalog-seed' },
  });
  return state.listing ? 'updated' : 'added';
}

function sameListing(a: CatalogListing, b: CatalogListing): boolean {
  const keys = Object.keys({ ...a, ...b }) as (keyof CatalogListing)[];
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
