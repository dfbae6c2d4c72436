import { sql } from 'kysely';
import type { CatalogAuth } from '../../schema/catalog/catalogListing';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { CatalogEntryRow } from './catalogEntriesProjection';
import { americanSpelling, familyRoot, wordFamilyQuery } from '../fullTextSearch/wordFamilies';

/** An entry's words for ranking: its title, id and categories count more (A) than its description (B). */
const CATALOGUE_DOCUMENT = sql`setweight(to_tsvector('english', title || ' ' || regexp_replace(id, '[^[:alnum:]]+', ' ', 'g') || ' ' || categories::text), 'A')
  || setweight(to_tsvector('english', description), 'B')`;

export interface CatalogQuery {
  readonly category?: string;
  readonly minScore?: number;
  readonly auth?: CatalogAuth;
  /** Words that must all appear (or a word of their family) in the id, title, description or categories. */
  readonly text?: string;
  readonly page: number;
  readonly perPage: number;
}

export interface CatalogPage {
  readonly entries: CatalogEntryRow[];
  readonly total: number;
}

/** A page of the catalogue read model: with words, the most relevant first; then best scored, then by id (pages never overlap). */
export async function searchCatalogue(db: Db, query: CatalogQuery): Promise<CatalogPage> {
  let select = db.withSchema(LIVE_SCHEMA).selectFrom('catalog_entries');
  if (query.category) select = select.where(sql<boolean>`categories ? ${query.category.toLowerCase()}`);
  if (query.minScore !== undefined) select = select.where('quality_score', '>=', query.minScore);
  if (query.auth) select = select.where('auth', '=', query.auth);
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  for (const word of (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    // The word, its American spelling, or its family's root (summarise, summarize and summary share summar).
    const forms = [...new Set([word, americanSpelling(word), familyRoot(word) ?? word])];
    select = select.where((eb) => eb.or(forms.map((form) => eb('search_text', 'like', like(form)))));
  }
  const relevance = query.text ? wordFamilyQuery(query.text) : null;
  const [entries, count] = await Promise.all([
    select
      .selectAll()
      // With words, the entries they describe best first (a word in the title or categories above one in passing
      // in a description: 'weather' finds weather APIs before the Groundhog Day API), then by quality.
      .$if(relevance !== null, (qb) => qb.orderBy(sql`ts_rank_cd(${CATALOGUE_DOCUMENT}, ${relevance})`, 'desc'))
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
