import { type RawBuilder, sql } from 'kysely';
import type { CatalogAuth } from '../../schema/catalog/catalogListing';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { CatalogEntryRow } from './catalogEntriesProjection';
import { americanSpelling, familyRoot, wordFamilyQuery, wordsOf } from '../fullTextSearch/wordFamilies';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSide, type QueryVector, withNearestScan } from '../searchByMeaning/searchVectorStore';
import { catalogSearchable } from './catalogSearchText';

/** An entry's words for ranking: its title, id and categories count more (A) than its description (B). */
const CATALOGUE_DOCUMENT = sql`setweight(to_tsvector('english', title || ' ' || regexp_replace(id, '[^[:alnum:]]+', ' ', 'g') || ' ' || categories::text), 'A')
  || setweight(to_tsvector('english', description), 'B')`;

export interface CatalogQuery {
  readonly category?: string;
  readonly minScore?: number;
  readonly auth?: CatalogAuth;
  /** Words that must all appear (or a word of their family) in the id, title, description or categories; or, with a query vector, what the API does. */
  readonly text?: string;
  /** The text's vector, when a worker could make one: entries near it in meaning are found without the words. */
  readonly queryVector?: QueryVector | null;
  readonly page: number;
  readonly perPage: number;
}

export interface CatalogPage {
  readonly entries: (CatalogEntryRow & { readonly similarity?: number | null })[];
  readonly total: number;
  /** With text: whether meaning was searched. */
  readonly byMeaning?: boolean;
}

/** The least cosine similarity for an API found by meaning alone (the local model; unrelated pairs sit below 0.15). */
export const CATALOG_MEANING_THRESHOLD = 0.3;

function filtered(db: Db, query: CatalogQuery) {
  let select = db.withSchema(LIVE_SCHEMA).selectFrom('catalog_entries');
  if (query.category) select = select.where(sql<boolean>`categories ? ${query.category.toLowerCase()}`);
  if (query.minScore !== undefined) select = select.where('quality_score', '>=', query.minScore);
  if (query.auth) select = select.where('auth', '=', query.auth);
  return select;
}

/** Whether every word of the text (or a word of its family) is in the entry's search text. */
function allWords(text: string): RawBuilder<boolean> {
  const like = (form: string) => `%${form.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return sql<boolean>`true`;
  // The word, its American spelling, or its family's root (summarise, summarize and summary share summar).
  const each = words.map((word) => {
    const forms = [...new Set([word, americanSpelling(word), familyRoot(word) ?? word])];
    return sql`(${sql.join(
      forms.map((form) => sql`search_text like ${like(form)}`),
      sql` or `,
    )})`;
  });
  return sql<boolean>`(${sql.join(each, sql` and `)})`;
}

/**
 * A page of the catalogue read model: without words, best scored first, then by id (pages never overlap). With words,
 * hybrid: the entries holding every word, ranked by ts_rank_cd (a word in the title or categories above one in
 * passing in a description: 'weather' finds weather APIs before the Groundhog Day API; quality breaks ties), fused by
 * reciprocal rank with the entries nearest in meaning (when the words could be embedded), so "will it rain tomorrow"
 * finds the weather APIs; an id or title equal to the words first.
 */
export async function searchCatalogue(db: Db, query: CatalogQuery): Promise<CatalogPage> {
  if (query.text) return searchCatalogueFor(db, { ...query, text: query.text });
  const select = filtered(db, query);
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

async function searchCatalogueFor(db: Db, query: CatalogQuery & { text: string }): Promise<CatalogPage> {
  const queryVector = query.queryVector ?? null;
  const matches = allWords(query.text);
  // Each word's families, and each longer word as a prefix: 'weather' ranks Weatherbit's words too.
  const families = wordFamilyQuery(query.text);
  const prefixes = wordsOf(query.text).filter((w) => w.length >= 4);
  const prefixQuery = sql`to_tsquery('simple', ${prefixes.map((w) => `'${w}':*`).join(' | ')})`;
  const relevance = families && prefixes.length ? sql`(${families} || ${prefixQuery})` : families;
  const exact = sql<boolean>`(id = ${query.text.trim()} or lower(title) = lower(${query.text.trim()}))`;
  const meaning = meaningSide(catalogSearchable.collection, { item: sql`id`, stamp: sql`described_at` }, queryVector);
  // A match's rank is above 0 even when the words' family matched only by its root; quality breaks ties (≤ 0.0001).
  const rank = relevance
    ? sql<number>`case when ${matches} then 0.0002 + ts_rank_cd(${CATALOGUE_DOCUMENT}, ${relevance}) + quality_score * 0.000001 else 0 end`
    : sql<number>`case when ${matches} then 0.0002 + quality_score * 0.000001 else 0 end`;
  const candidates = (trx: Db) =>
    filtered(trx, query)
      .select('id')
      .select(rank.as('rank'))
      .select(meaning.similarity.as('similarity'))
      .select(exact.as('exact'))
      .where(sql<boolean>`(${matches} or ${exact} or ${meaning.near})`)
      .execute();
  const found = queryVector ? await withNearestScan(db, candidates) : await candidates(db);
  const ranked = hybridRanking(found, { threshold: CATALOG_MEANING_THRESHOLD, byMeaning: queryVector !== null, limit: found.length });
  const page = ranked.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const rows = page.length
    ? await db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('catalog_entries')
        .selectAll()
        .where(
          'id',
          'in',
          page.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const entries = page.flatMap((r) => {
    const row = rowOf.get(r.id);
    return row ? [{ ...row, similarity: r.similarity === null ? null : Number(Number(r.similarity).toFixed(6)) }] : [];
  });
  return { entries, total: ranked.length, byMeaning: queryVector !== null };
}

/** Categories with their entry counts, most used first. */
export async function catalogueCategories(db: Db): Promise<{ category: string; count: number }[]> {
  const rows = await sql<{ category: string; count: string }>`
    select category, count(*) as count
    from ${sql.id(LIVE_SCHEMA, 'catalog_entries')}, jsonb_array_elements_text(categories) as category
    group by category order by count(*) desc, category`.execute(db);
  return rows.rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}
