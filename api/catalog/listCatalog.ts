import { catalogueCategories, searchCatalogue } from '../../core/catalog/searchCatalogue';
import { SCORING_TEXT } from '../../schema/catalog/catalogListing';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { catalogView } from './catalogView';

/** GET /catalog: the catalogue, filtered (category, min_score, auth, q) and paginated, best scored first. */
export const listCatalog: HandlerFor<typeof catalogTools, 'catalog'> = async (input, { deps }) => {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? 20;
  const [found, categories] = await Promise.all([
    searchCatalogue(deps.store.db, {
      category: input.category,
      minScore: input.min_score,
      auth: input.auth,
      text: input.q,
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
