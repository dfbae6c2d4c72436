import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { CatalogEntryRow } from './catalogEntriesProjection';

/** One catalogued API from the read model, or undefined. */
export function findCatalogEntry(db: Db, id: string): Promise<CatalogEntryRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('catalog_entries').selectAll().where('id', '=', id).executeTakeFirst();
}
