import { sql } from 'kysely';
import type { CatalogListing } from '../../schema/catalog/catalogListing';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';

/** Listings appended per transaction: short transactions, so the read models' subscribers (which wait for the oldest open transaction) never lag far. */
const BATCH = 50;
const SEED_LOCK = 7243_0030;

/**
 * Loads listings into the event log once: an API whose `catalog-<id>` stream exists already (seeded before, or
 * found by a discovery run) is left alone, so running it at every start adds nothing the second time. Serialized
 * across processes (API and worker start together) by an advisory lock held by each batch's transaction.
 */
export async function seedCatalogue(store: EventStore, listings: readonly CatalogListing[]): Promise<{ added: number; present: number }> {
  let added = 0;
  for (let start = 0; start < listings.length; start += BATCH) {
    const batch = listings.slice(start, start + BATCH);
    added += await store.transaction(async (tx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx.trx);
      const ids = batch.map((listing) => streams.catalogEntry(listing.id));
      const existing = new Set((await tx.trx.selectFrom('streams').select('stream_id').where('stream_id', 'in', ids).execute()).map((r) => r.stream_id));
      let appended = 0;
      for (const listing of batch) {
        const stream = streams.catalogEntry(listing.id);
        if (existing.has(stream)) continue;
        await tx.append(stream, [event('CatalogEntryListed', { listing, discoveryId: null })], {
          expectedVersion: 'no_stream',
          metadata: { actor: 'catalog-seed' },
        });
        appended++;
      }
      return appended;
    });
  }
  return { added, present: listings.length - added };
}
