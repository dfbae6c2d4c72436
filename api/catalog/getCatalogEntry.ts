import { findCatalogEntry } from '../../core/catalog/findCatalogEntry';
import { NotFound } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';
import { catalogView } from './catalogView';

/** GET /catalog/{id}. */
export const getCatalogEntry: InlineHandler = async (input, { deps, docs }) => {
  const entry = await findCatalogEntry(deps.store.db, String(input.id));
  if (!entry) throw new NotFound(`no API "${String(input.id)}" in the catalogue`, null, docs);
  return catalogView(entry);
};
