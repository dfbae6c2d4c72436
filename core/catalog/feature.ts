import type { CoreFeature } from '../features';
import * as catalogDiscovery from './migrations/0031_catalog_discovery';
import { seedBundledCatalogue } from './seedBundledCatalogue';
import { catalogEntries, type CatalogEntryRow } from './catalogEntriesProjection';
import type { CatalogDiscoveryItemsTable } from './catalogDiscoveryItemsTable';
import { catalogSearchable } from './catalogSearchText';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    catalog_entries: CatalogEntryRow;
    catalog_discovery_items: CatalogDiscoveryItemsTable;
  }
}

/** The API catalogue (a discovery run’s copy of its directory: catalog_discovery_items). */
export const feature: CoreFeature = {
  migrations: { '0031_catalog_discovery': catalogDiscovery },
  projections: [catalogEntries],
  searchable: [catalogSearchable],
  // A first start appends ~2,600 events (seconds).
  seed: (store, config, log) =>
    seedBundledCatalogue(store, config, (fields, line) => log.info(fields, line)).catch((error: unknown) =>
      log.error({ err: error }, 'API catalogue seeding failed'),
    ),
};
