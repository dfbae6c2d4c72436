import { currentActivity } from '../activityContext';
import type { CatalogListing } from '../../schema/catalog/catalogListing';
import type { Config } from '../../schema/config';
import type { DiscoveryBatch, DiscoveryCounts } from '../../schema/catalog/catalogDiscovery';
import type { EventStore } from '../../core/eventStore';
import { invalidInput } from '../../core/calls/callFailures';
import { catalogEntryState } from '../../core/catalog/catalogEntryState';
import { listingFromSpec, plainText } from '../../core/catalog/listingFromSpec';
import { recordListing } from '../../core/catalog/recordListing';
import { recordProbe } from '../../core/catalog/recordProbe';
import { readLimited, type SafeFetch } from '../../core/net/safeFetch';
import { callerUrlFailure } from '../tools/callerUrlFailure';
import { type DirectoryItem, directoryItems } from './directoryItems';
import { probeHealth } from './probeHealth';

/** APIs.guru's list.json is several megabytes; its largest OpenAPI documents (cloud providers) are tens. */
const DIRECTORY_MAX_BYTES = 64 * 1024 * 1024;
const SPEC_MAX_BYTES = 32 * 1024 * 1024;
const SOURCE = 'APIs.guru OpenAPI directory';

export interface DiscoveryDeps {
  readonly store: EventStore;
  readonly safeFetch: SafeFetch;
  readonly config: Config;
}

/** The steps of a discovery run (workflows/catalog/catalogDiscovery.ts): copy the directory once, import it in batches, clean up. */
export function discoveryActivities(deps: DiscoveryDeps) {
  const { store, safeFetch, config } = deps;
  const db = store.db;
  const getJson = async (url: string, maxBytes: number): Promise<unknown> => {
    try {
      const response = await safeFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(120_000) });
      if (!response.ok) {
        await response.body?.cancel();
        throw invalidInput(`${url} answered HTTP ${response.status}`);
      }
      return JSON.parse((await readLimited(response, maxBytes)).toString('utf8')) as unknown;
    } catch (error) {
      if (error instanceof SyntaxError) throw invalidInput(`${url} is not JSON`);
      throw callerUrlFailure(error, 'source_url', url, 'Point the discovery at a directory in the APIs.guru list.json format.');
    }
  };

  return {
    /** Reads the directory (through the URL guard) into catalog_discovery_items; a retry finds the rows already there. */
    async readDirectory(request: { discoveryId: string; sourceUrl: string; limit?: number }): Promise<{ total: number }> {
      const existing = await db
        .selectFrom('catalog_discovery_items')
        .select(db.fn.countAll<string>().as('n'))
        .where('discovery_id', '=', request.discoveryId)
        .executeTakeFirst();
      if (Number(existing?.n ?? 0) > 0) return { total: Number(existing!.n) };
      let items;
      try {
        items = directoryItems(await getJson(request.sourceUrl, DIRECTORY_MAX_BYTES));
      } catch (error) {
        if (error instanceof Error && !('type' in error)) throw invalidInput(error.message);
        throw error;
      }
      const wanted = request.limit ? items.slice(0, request.limit) : items;
      for (let start = 0; start < wanted.length; start += 500) {
        const rows = wanted.slice(start, start + 500).map(({ id, item }, i) => ({
          discovery_id: request.discoveryId,
          position: start + i,
          directory_id: id,
          item: JSON.stringify(item),
        }));
        await db
          .insertInto('catalog_discovery_items')
          .values(rows)
          .onConflict((oc) => oc.columns(['discovery_id', 'position']).doNothing())
          .execute();
      }
      return { total: wanted.length };
    },

    /**
     * Imports directory positions [offset, offset + count): an API that is new, or that the directory has updated
     * since it was listed, is read from its OpenAPI document; the listing is recorded when it differs, and its base
     * URL probed. Each entry is idempotent, so a retried batch repeats nothing it recorded.
     */
    async importDirectoryBatch(batch: DiscoveryBatch): Promise<DiscoveryCounts> {
      const rows = await db
        .selectFrom('catalog_discovery_items')
        .select(['position', 'directory_id', 'item'])
        .where('discovery_id', '=', batch.discoveryId)
        .where('position', '>=', batch.offset)
        .where('position', '<', batch.offset + batch.count)
        .orderBy('position')
        .execute();
      const counts = { processed: 0, added: 0, updated: 0, unchanged: 0, failed: 0 };
      const heartbeat = activityHeartbeat();
      for (const row of rows) {
        heartbeat({ position: row.position, id: row.directory_id, ...counts });
        try {
          const outcome = await importOne(row.directory_id, row.item as DirectoryItem, batch);
          counts[outcome]++;
        } catch {
          counts.failed++;
        }
        counts.processed++;
      }
      return counts;
    },

    async forgetDirectory(request: { discoveryId: string }): Promise<void> {
      await db.deleteFrom('catalog_discovery_items').where('discovery_id', '=', request.discoveryId).execute();
    },
  };

  async function importOne(id: string, item: DirectoryItem, batch: DiscoveryBatch): Promise<'added' | 'updated' | 'unchanged'> {
    let state = await catalogEntryState(store, id);
    const current = state.listing;
    let listing: CatalogListing;
    if (!current || current.sourceUpdated !== item.updated || !current.baseUrl) {
      if (!item.specUrl) throw new Error(`${id}: the directory names no document`);
      const spec = (await getJson(item.specUrl, SPEC_MAX_BYTES)) as Record<string, unknown>;
      listing = listingFromSpec(id, spec, { specUrl: item.specUrl, sourceUpdated: item.updated, source: SOURCE });
    } else {
      // Unchanged in the directory: its summary may still have been edited there.
      const title = typeof item.info.title === 'string' ? item.info.title : current.title;
      const description = typeof item.info.description === 'string' ? plainText(item.info.description) : current.description;
      listing = { ...current, title, description };
    }
    const outcome = await recordListing(store, state, listing, batch.discoveryId);
    if (batch.probe && listing.baseUrl) {
      if (outcome !== 'unchanged') state = await catalogEntryState(store, id);
      const probe = await probeHealth(safeFetch, listing.baseUrl, config.catalogProbeTimeoutSeconds * 1000);
      await recordProbe(store, state, { id, ...probe }, batch.discoveryId);
    }
    return outcome;
  }
}

/** Heartbeats with the batch's progress (visible on the pending activity in the Temporal UI); quiet outside an activity. */
function activityHeartbeat(): (details: unknown) => void {
  const context = currentActivity();
  return context ? (details) => context.heartbeat(details) : () => undefined;
}
