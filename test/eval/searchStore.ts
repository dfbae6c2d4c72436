import type { Embedder } from '../../activities/embeddings';
import { embedSearchTexts } from '../../activities/searchByMeaning/searchEmbedding';
import type { Db } from '../../core/db/createDb';
import type { QueryVector } from '../../core/searchByMeaning/searchVectorStore';
import { storeSearchVectors } from '../../core/searchByMeaning/searchVectorStore';
import type { SearchItem } from '../../core/searchByMeaning/searchableCollection';
import { searchTextsOf } from '../../core/searchByMeaning/searchTexts';

/** Texts per model request, as the workers batch them. */
const BATCH = 32;

/**
 * A search suite's rows embedded as the workers embed them (embedSearchRows): the collection's own texts of the rows,
 * the local model, the vectors stored beside the rows' stamps.
 */
export async function embedCollection(db: Db, embedder: Embedder, collection: string, items: readonly SearchItem[]): Promise<void> {
  const texts = await searchTextsOf(db, collection, items);
  for (let start = 0; start < texts.length; start += BATCH) {
    const batch = texts.slice(start, start + BATCH);
    const { model, vectors } = await embedSearchTexts(
      embedder,
      batch.map((t) => t.text),
    );
    await storeSearchVectors(
      db,
      collection,
      model,
      batch.map((t, i) => ({ ...t, vector: vectors[i]! })),
    );
  }
}

/** A query's vector as a worker makes it for a search, or null without the model (--lexical): words alone then. */
export async function queryVectorOf(embedder: Embedder | undefined, query: string): Promise<QueryVector | null> {
  if (!embedder) return null;
  const { model, vectors } = await embedSearchTexts(embedder, [query]);
  return { model, vector: Array.from(vectors[0]!) };
}
