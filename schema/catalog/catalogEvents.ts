import type { CatalogHealth, CatalogListing } from './catalogListing';

/**
 * The API catalogue, one `catalog-<id>` stream per API (the directory's id). A listing is recorded when an API first
 * appears (the bundled seed, or a discovery run) and again when the directory describes it differently; a health
 * probe's outcome is a fact of its own. The quality score is derived from these (schema/catalog/catalogListing.ts), never stored.
 */
export interface CatalogEvents {
  CatalogEntryListed: { listing: CatalogListing; discoveryId: string | null };
  CatalogEntryRevised: { listing: CatalogListing; discoveryId: string | null };
  CatalogEntryProbed: { id: string; health: CatalogHealth; status: number | null; discoveryId: string | null };
}
