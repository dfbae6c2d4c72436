import { catalogueCategories, searchCatalogue } from '../../core/catalog/searchCatalogue';
import { type CatalogAuth, SCORING_TEXT } from '../../schema/catalog/catalogListing';
import type { InlineHandler } from '../inline/inlineHandler';
import { catalogView } from './catalogView';

/** GET /catalog: the catalogue, filtered (category, min_score, auth, q) and paginated, best scored first. */
export const listCatalog: InlineHandler = async (input, { deps }) => {
  const page = (input.page as number | undefined) ?? 1;
  const perPage = (input.per_page as number | undefined) ?? 20;
  const [found, categories] = await Promise.all([
    searchCatalogue(deps.store.db, {
      category: input.category as string | undefined,
      minScore: input.min_score as number | undefined,
      auth: input.auth as CatalogAuth | undefined,
      text: input.q as string | undefined,
      page,
      perPage,
    }),
    page === 1 ? catalogueCategories(deps.store.db) : Promise.resolve(undefined),
  ]);
  return {
    entries: found.entries.map(catalogView),
    total: found.total,
    page,
    per_page: perPage,
    pages: Math.ceil(found.total / perPage),
    ...(categories ? { categories } : {}),
    scoring: SCORING_TEXT,
  };
};
