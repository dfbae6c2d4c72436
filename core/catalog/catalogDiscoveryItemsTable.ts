import type { ColumnType } from 'kysely';

/** A discovery run's copy of its directory, by position (core/db/migrations/0031_catalog_discovery.ts). */
export interface CatalogDiscoveryItemsTable {
  discovery_id: string;
  position: number;
  directory_id: string;
  item: ColumnType<unknown, string, never>;
}
