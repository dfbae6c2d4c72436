import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/createDb';
import { cosineDistance, type ModelVectors, ofModel, setEfSearch, vectorLiteral } from '../vectors';

/**
 * The model search vectors are made with: the local one, so search by meaning needs no key, costs no provider money,
 * and stored vectors stay comparable whatever providers a deployment configures later.
 */
export const SEARCH_EMBEDDING_MODEL = 'local';

/** A query's vector and the model that made it: only rows embedded by the same model are compared with it. */
export interface QueryVector {
  readonly model: string;
  readonly vector: readonly number[];
}

export interface RowVector {
  readonly scope: string;
  readonly item: string;
  /** The row's updated_at when its text was read: the vector counts only while the row still has that stamp. */
  readonly stamp: Date;
  readonly vector: ArrayLike<number>;
}

/**
 * The texts that still need a vector: those whose row has none from this model at its current stamp. A row embedded
 * already (an event read again, the subscription renamed to read the log anew) costs a lookup, not the model's time.
 */
export async function textsWithoutVector<T extends { scope: string; item: string; stamp: Date }>(
  db: Db,
  collection: string,
  model: string,
  texts: readonly T[],
): Promise<T[]> {
  if (!texts.length) return [];
  const current = await db
    .selectFrom('search_vectors')
    .select(['scope', 'item', 'source_stamp'])
    .where('collection', '=', collection)
    .where('embedding_model', '=', model)
    .where(sql<boolean>`(scope, item) in (select * from unnest(${texts.map((t) => t.scope)}::text[], ${texts.map((t) => t.item)}::text[]))`)
    .execute();
  const stampOf = new Map(current.map((c) => [JSON.stringify([c.scope, c.item]), c.source_stamp.getTime()]));
  return texts.filter((t) => stampOf.get(JSON.stringify([t.scope, t.item])) !== t.stamp.getTime());
}

/** Stores (or replaces) rows' vectors; a vector made from an older text than the one stored is not written over it. */
export async function storeSearchVectors(db: Db, collection: string, model: string, rows: readonly RowVector[]): Promise<number> {
  if (!rows.length) return 0;
  const result = await db
    .insertInto('search_vectors')
    .values(rows.map((r) => ({ collection, scope: r.scope, item: r.item, embedding_model: model, embedding: vectorLiteral(r.vector), source_stamp: r.stamp })))
    .onConflict((oc) =>
      oc
        .columns(['collection', 'scope', 'embedding_model', 'item'])
        .doUpdateSet((eb) => ({ embedding: eb.ref('excluded.embedding'), source_stamp: eb.ref('excluded.source_stamp'), embedded_at: sql`now()` }))
        .where('search_vectors.source_stamp', '<=', (eb) => eb.ref('excluded.source_stamp')),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The cosine similarity of a row's current vector to the query, or null while the row has none (not yet embedded,
 * embedded by another model, or changed since): a correlated lookup by primary key, so a search reads only the
 * vectors of the rows its other filters kept.
 */
export function meaningSimilarity(
  collection: string,
  where: { scope: RawBuilder<unknown> | string; item: RawBuilder<unknown>; stamp: RawBuilder<unknown> },
  query: QueryVector,
): RawBuilder<number | null> {
  return sql<number | null>`(select 1 - (sv.embedding <=> ${vectorLiteral(query.vector)}::vector) from search_vectors sv
    where sv.collection = ${collection} and sv.scope = ${where.scope} and sv.embedding_model = ${query.model}
      and sv.item = ${where.item} and sv.source_stamp = ${where.stamp})`;
}

/** How many rows nearest in meaning a search of a shared collection considers, beside the rows its words match. */
export const MEANING_CANDIDATES = 100;

/** search_vectors as core/vectors sees it, for the query's model: the partial HNSW index is per model and size. */
const vectorsOf = (query: QueryVector): ModelVectors => ({
  table: 'search_vectors',
  column: 'embedding',
  modelColumn: 'embedding_model',
  model: query.model,
  dimensions: query.vector.length,
});

/**
 * The items of one collection and scope nearest in meaning to the query, as a subquery a feature's search ORs with its
 * words (`where <words match> or id in (…)`), so a row found by meaning alone is a candidate without the search
 * reading every row's vector. Shaped for the HNSW index (migration 0210): the model as a literal (the index's
 * predicate), the vector cast to its size (the index's expression), ordered by cosine distance, with a limit. The
 * index holds every collection's vectors: run it inside withNearestScan, whose iterative scan keeps reading the index
 * until `limit` rows of this collection and scope are found, so a small collection is never starved by a large one.
 */
export function nearestItems(collection: string, scope: string, query: QueryVector, limit = MEANING_CANDIDATES): RawBuilder<unknown> {
  const vectors = vectorsOf(query);
  return sql`(select sv.item from search_vectors sv where ${ofModel(vectors)} and sv.collection = ${collection} and sv.scope = ${scope}
    order by ${cosineDistance(vectors, query.vector)} limit ${sql.lit(limit)})`;
}

/**
 * Runs a search that uses nearestItems in a transaction of its own (the settings below hold for its statements
 * only): pgvector's iterative index scan, so the filters on collection and scope cannot leave it with fewer rows
 * than asked while the index has more, and a candidate list as long as the limit asks.
 */
export async function withNearestScan<T>(db: Db, search: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
    await setEfSearch(trx, MEANING_CANDIDATES);
    return search(trx);
  });
}

/**
 * A shared collection's meaning side for its search's candidate query: each row's similarity to the query (exact, by
 * primary key, null while the row has no current vector) and whether the row is among those nearest in meaning
 * (nearestItems), which the search ORs with its words' match. Without a query vector: no similarity, nobody near.
 */
export function meaningSide(
  collection: string,
  where: { scope?: string; item: RawBuilder<unknown>; stamp: RawBuilder<unknown> },
  query: QueryVector | null,
): { similarity: RawBuilder<number | null>; near: RawBuilder<boolean> } {
  if (!query) return { similarity: sql<null>`null::float8`, near: sql<boolean>`false` };
  const scope = where.scope ?? '';
  return {
    similarity: meaningSimilarity(collection, { scope, item: where.item, stamp: where.stamp }, query),
    near: sql<boolean>`${where.item} in ${nearestItems(collection, scope, query)}`,
  };
}
