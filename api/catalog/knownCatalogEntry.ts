import { findCatalogEntry } from '../../core/catalog/findCatalogEntry';
import type { Db } from '../../core/db/createDb';
import { NotFound } from '../errors/httpErrors';

/** Before a call is paid for: the catalogue entry its input names must exist (404, as GET /catalog/{id} answers). */
export async function refuseUnknownCatalogEntry(db: Db, id: unknown, docs: string): Promise<void> {
  if (typeof id !== 'string') return;
  if (await findCatalogEntry(db, id)) return;
  throw new NotFound(`no API "${id}" in the catalogue`, 'GET /catalog lists the catalogue ids.', docs);
}
