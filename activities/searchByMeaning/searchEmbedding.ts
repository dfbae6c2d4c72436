import { existsSync } from 'node:fs';
import type { Config } from '../../schema/config';
import { localEmbeddingModelPath } from '../../schema/models';
import { type QueryVector, SEARCH_EMBEDDING_MODEL } from '../../core/searchByMeaning/searchVectorStore';
import type { Embedder } from '../embeddings/createEmbedder';

/**
 * Whether this worker can make search vectors: the local model's file is installed (`npm run embedding-model`).
 * Without it searches run on words alone and say so, rather than fail.
 */
export function canEmbedForSearch(config: Pick<Config, 'dataDir' | 'localEmbeddingModelPath'>): boolean {
  return existsSync(localEmbeddingModelPath(config));
}

/** Texts as search vectors, with the model id stored beside them (long texts cut at the model's window). */
export async function embedSearchTexts(
  embedder: Embedder,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<{ model: string; vectors: Float32Array[] }> {
  const { vectors, model } = await embedder.embed({ inputs: texts, model: SEARCH_EMBEDDING_MODEL, truncate: true }, signal);
  return { model, vectors };
}

/**
 * A search query's vector, or null when meaning cannot be searched here (no model file, or the model failed): the
 * search then answers by words alone, never an error for want of the model.
 */
export async function embedSearchQueryText(
  embedder: Embedder,
  config: Pick<Config, 'dataDir' | 'localEmbeddingModelPath'>,
  query: string,
): Promise<QueryVector | null> {
  if (!canEmbedForSearch(config)) return null;
  try {
    const { model, vectors } = await embedSearchTexts(embedder, [query]);
    return { model, vector: Array.from(vectors[0]!) };
  } catch {
    return null;
  }
}
