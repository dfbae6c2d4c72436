import { catalogueCategories, searchCatalogue } from '../../core/catalog/searchCatalogue';
import { SCORING_TEXT } from '../../schema/catalog/catalogListing';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { catalogView } from './catalogView';
import { queryVectorFromWorker } from '../searchByMeaning/queryVectorFromWorker';

/** GET /catalog: the catalogue, filtered (category, min_score, auth) and paginated, best scored first; with q, by meaning and words, best first. */
export const listCatalog: HandlerFor<typeof catalogTools, 'catalog'> = async (input, { deps }) => {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? 20;
  const queryVector = input.q ? await queryVectorFromWorker(deps, input.q) : null;
  const [found, categories] = await Promise.all([
    searchCatalogue(deps.store.db, {
      category: input.category,
      minScore: input.min_score,
      auth: input.auth,
      text: input.q,
      queryVector,
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
    ...(found.byMeaning === undefined ? {} : { by_meaning: found.byMeaning }),
  };
};
