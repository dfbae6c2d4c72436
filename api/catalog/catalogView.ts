import type { CatalogEntryRow } from '../../core/catalog/catalogEntriesProjection';

/** A catalogue entry as the API answers it. */
export function catalogView(row: CatalogEntryRow & { readonly similarity?: number | null }) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    categories: row.categories,
    base_url: row.base_url,
    auth: row.auth,
    docs_url: row.docs_url,
    spec_url: row.spec_url,
    licence: row.licence,
    https: row.https,
    quality_score: row.quality_score,
    health: row.health,
    source: row.source,
    updated_at: new Date(row.updated_at).toISOString(),
    ...(row.similarity === undefined ? {} : { similarity: row.similarity }),
  };
}
