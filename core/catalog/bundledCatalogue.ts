import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_AUTH_KINDS, type CatalogAuth, type CatalogListing } from '../../schema/catalog/catalogListing';

/** The catalogue built from the APIs.guru directory by scripts/buildCatalogue.ts, committed beside this file. */
export const BUNDLED_CATALOGUE_FILE = path.join(__dirname, 'apisGuruCatalogue.json');

export interface BundledCatalogue {
  readonly source: string;
  readonly sourceLicence: string;
  readonly package: string;
  readonly listings: readonly CatalogListing[];
}

/** The compact file's row: the listing's fields in this order (no keys repeated 2,000 times). */
export const BUNDLED_FIELDS = ['id', 'title', 'description', 'categories', 'baseUrl', 'auth', 'docsUrl', 'specUrl', 'licence'] as const;
type Row = [string, string, string, string[], string | null, CatalogAuth, string | null, string | null, string | null];

export function bundledCatalogue(file = BUNDLED_CATALOGUE_FILE): BundledCatalogue {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { source: string; source_licence: string; package: string; fields: string[]; entries: Row[] };
  if (JSON.stringify(data.fields) !== JSON.stringify(BUNDLED_FIELDS)) throw new Error(`${file}: unexpected fields ${data.fields.join(',')}`);
  const listings = data.entries.map(([id, title, description, categories, baseUrl, auth, docsUrl, specUrl, licence]) => {
    if (!CATALOG_AUTH_KINDS.includes(auth)) throw new Error(`${file}: ${id} has unknown auth ${auth}`);
    return { id, title, description, categories, baseUrl, auth, docsUrl, specUrl, licence, sourceUpdated: null, source: data.source };
  });
  return { source: data.source, sourceLicence: data.source_licence, package: data.package, listings };
}

/** The listing as a compact row. */
export function bundledRow(listing: CatalogListing): Row {
  return [
    listing.id,
    listing.title,
    listing.description,
    [...listing.categories],
    listing.baseUrl,
    listing.auth,
    listing.docsUrl,
    listing.specUrl,
    listing.licence,
  ];
}
