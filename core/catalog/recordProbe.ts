import type { CatalogHealth } from '../../schema/catalog/catalogListing';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import type { CatalogEntryState } from './catalogEntryState';

/** Records a health probe's outcome when it differs from the last one (a steady "up" adds nothing to the log). */
export async function recordProbe(
  store: EventStore,
  state: CatalogEntryState,
  probe: { id: string; health: CatalogHealth; status: number | null },
  discoveryId: string | null,
): Promise<boolean> {
  if (state.health === probe.health) return false;
  await store.append(streams.catalogEntry(probe.id), [event('CatalogEntryProbed', { ...probe, discoveryId })], {
    expectedVersion: state.version,
    metadata: { actor: discoveryId ? `discovery:${discoveryId}` : 'catalog-probe' },
  });
  return true;
}
