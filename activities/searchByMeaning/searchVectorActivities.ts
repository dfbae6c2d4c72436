import type { Config } from '../../schema/config';
import type { Db } from '../../core/db/createDb';
import type { SearchRows } from '../../core/searchByMeaning/searchableCollection';
import { currentCollectionName, searchTextsOf } from '../../core/searchByMeaning/searchTexts';
import { type QueryVector, storeSearchVectors, textsWithoutVector } from '../../core/searchByMeaning/searchVectorStore';
import { LOCAL_EMBEDDING_MODEL_ID } from '../../schema/models';
import { steadyHeartbeat } from '../activityContext';
import type { Embedder } from '../embeddings/createEmbedder';
import { canEmbedForSearch, embedSearchQueryText, embedSearchTexts } from './searchEmbedding';

/** Texts per model request: the local model embeds a batch in one pass of its thread. */
const BATCH = 32;

/**
 * The workers' side of search by meaning: embedding rows after their writes (the searchVectors workflow, retried
 * until it succeeds) and a query for a search the API answers (skills), which cannot load the model itself.
 */
export function searchVectorActivities(deps: { readonly db: Db; readonly config: Config; readonly embedder: Embedder }) {
  return {
    /** Embeds the rows' current texts not embedded yet and stores them; a row changed meanwhile is embedded again by its own event. */
    async embedSearchRows(rows: SearchRows): Promise<{ embedded: number; skipped?: string }> {
      if (!canEmbedForSearch(deps.config)) return { embedded: 0, skipped: 'the local embedding model is not installed (npm run embedding-model)' };
      // A workflow started before a collection was renamed names it by its former name: its vectors go under the new one.
      const collection = currentCollectionName(rows.collection);
      const texts = await textsWithoutVector(deps.db, collection, LOCAL_EMBEDDING_MODEL_ID, await searchTextsOf(deps.db, collection, rows.items));
      // A worker stopping (after its grace time) cancels this: the attempt ends at once, with what it stored kept, and
      // its retry on the next worker embeds only the rest (textsWithoutVector) — a first start's ~2,600 catalogue texts
      // no longer hold a SIGTERM for minutes. A worker killed outright stops beating: the retry starts after the
      // heartbeat time-out (presets.embedding), not the attempt's five minutes.
      let embedded = 0;
      const { signal, stop } = steadyHeartbeat(() => ({ embedded, of: texts.length }));
      try {
        for (let start = 0; start < texts.length; start += BATCH) {
          signal?.throwIfAborted();
          const batch = texts.slice(start, start + BATCH);
          const { model, vectors } = await embedSearchTexts(
            deps.embedder,
            batch.map((t) => t.text),
            signal,
          );
          embedded += await storeSearchVectors(
            deps.db,
            collection,
            model,
            batch.map((t, i) => ({ scope: t.scope, item: t.item, stamp: t.stamp, vector: vectors[i]! })),
          );
        }
      } finally {
        stop();
      }
      return { embedded };
    },
    /** A search query's vector (384 numbers, well within a workflow result), or null when meaning cannot be searched. */
    embedSearchQuery: ({ text }: { text: string }): Promise<QueryVector | null> => embedSearchQueryText(deps.embedder, deps.config, text),
  };
}
