import type { CatalogHealth, CatalogListing } from '../../schema/catalog/catalogListing';
import { streams } from '../../schema/events';
import type { EventStore } from '../eventStore';

export interface CatalogEntryState {
  readonly version: number;
  readonly listing: CatalogListing | null;
  readonly health: CatalogHealth;
}

/** An entry as its own stream tells it (the read model may lag behind): for commands that decide what to append. */
export async function catalogEntryState(store: EventStore, id: string): Promise<CatalogEntryState> {
  const history = await store.readStream(streams.catalogEntry(id));
  let listing: CatalogListing | null = null;
  let health: CatalogHealth = 'unknown';
  for (const stored of history) {
    if (stored.type === 'CatalogEntryListed' || stored.type === 'CatalogEntryRevised') listing = stored.data.listing;
    if (stored.type === 'CatalogEntryProbed') health = stored.data.health;
  }
  return { version: history.length, listing, health };
}
