import { LIVE_SCHEMA } from '../projections/liveSchema';
import { shared, type SearchableCollection } from '../searchByMeaning/searchableCollection';

/** What a catalogue entry's vector is made from: its title, categories and description (its id says little). */
export function catalogSearchText(entry: { title: string; description: string; categories: readonly string[] }): string {
  const categories = entry.categories.length ? ` (${entry.categories.join(', ').replace(/_/g, ' ')})` : '';
  return `${entry.title}${categories}${entry.description ? `: ${entry.description}` : ''}`;
}

/** The API catalogue by meaning: shared, stamped with described_at, which a health probe leaves alone (searchCatalogue reads the same). */
export const catalogSearchable: SearchableCollection = {
  collection: 'catalog',
  writtenBy: {
    CatalogEntryListed: (data) => shared(data.listing.id),
    CatalogEntryRevised: (data) => shared(data.listing.id),
  },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('catalog_entries')
      .select(['id', 'title', 'description', 'categories', 'described_at'])
      .where(
        'id',
        'in',
        items.map((i) => i.item),
      )
      .execute();
    return rows.map((r) => ({ ...shared(r.id), text: catalogSearchText(r), stamp: r.described_at }));
  },
};
