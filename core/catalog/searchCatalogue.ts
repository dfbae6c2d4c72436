import { sql } from 'kysely';
import type { CatalogAuth } from '../../schema/catalog/catalogListing';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { CatalogEntryRow } from './catalogEntriesProjection';

export interface CatalogQuery {
  readonly category?: string;
  readonly minScore?: number;
  readonly auth?: CatalogAuth;
  /** Words that must all appear in the id, title, description or categories. */
  readonly text?: string;
  readonly page: number;
  readonly perPage: number;
}

export interface CatalogPage {
  readonly entries: CatalogEntryRow[];
  readonly total: number;
}

/** A page of the catalogue read model, best scored first (then by id, so pages never overlap). */
export async function searchCatalogue(db: Db, query: CatalogQuery): Promise<CatalogPage> {
  let select = db.withSchema(LIVE_SCHEMA).selectFrom('catalog_entries');
  if (query.category) select = select.where(sql<boolean>`categories ? ${query.category.toLowerCase()}`);
  if (query.minScore !== undefined) select = select.where('quality_score', '>=', query.minScore);
  if (query.auth) select = select.where('auth', '=', query.auth);
  for (const word of (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    select = select.where('search_text', 'like', `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const [entries, count] = await Promise.all([
    select
      .selectAll()
      .orderBy('quality_score', 'desc')
      .orderBy('id')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    select.select(db.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return { entries, total: Number(count?.n ?? 0) };
}

/** Categories with their entry counts, most used first. */
export async function catalogueCategories(db: Db): Promise<{ category: string; count: number }[]> {
  const rows = await sql<{ category: string; count: string }>`
    select category, count(*) as count
    from ${sql.id(LIVE_SCHEMA, 'catalog_entries')}, jsonb_array_elements_text(categories) as category
    group by category order by count(*) desc, category`.execute(db);
  return rows.rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}
