import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/createDb';
import { vectorLiteral } from '../vectors';

/** The kinds of row searched by meaning, as search_vectors.collection names them. */
export type SearchCollection = 'memory' | 'skills' | 'knowledge' | 'agents';

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

/** Stores (or replaces) rows' vectors; a vector made from an older text than the one stored is not written over it. */
export async function storeSearchVectors(db: Db, collection: SearchCollection, model: string, rows: readonly RowVector[]): Promise<number> {
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
  collection: SearchCollection,
  where: { scope: RawBuilder<unknown> | string; item: RawBuilder<unknown>; stamp: RawBuilder<unknown> },
  query: QueryVector,
): RawBuilder<number | null> {
  return sql<number | null>`(select 1 - (sv.embedding <=> ${vectorLiteral(query.vector)}::vector) from search_vectors sv
    where sv.collection = ${collection} and sv.scope = ${where.scope} and sv.embedding_model = ${query.model}
      and sv.item = ${where.item} and sv.source_stamp = ${where.stamp})`;
}
