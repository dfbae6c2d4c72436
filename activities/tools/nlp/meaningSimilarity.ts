import { existsSync } from 'node:fs';
import type { Config } from '../../../schema/config';
import { localEmbeddingModelPath } from '../../../schema/models';
import type { Embedder } from '../../embeddings';
import type { TextSimilarity } from './textSimilarity';

/**
 * The offline methods' meaning-level similarity: cosines of the local model's vectors (all-MiniLM-L6-v2), never a
 * provider's, so an offline answer stays free of provider cost and the same on every deployment. Absent when the
 * model file is not installed (`npm run embedding-model`): the methods are then lexical alone and name themselves so.
 */
export function localMeaningSimilarity(embedder: Embedder, config: Pick<Config, 'dataDir' | 'localEmbeddingModelPath'>): TextSimilarity | undefined {
  if (!existsSync(localEmbeddingModelPath(config))) return undefined;
  return async (query, texts) => {
    if (texts.length === 0) return [];
    // Long inputs are cut at the model's window, as sentence-transformers does: the opening carries the topic.
    const { vectors } = await embedder.embed({ inputs: [query, ...texts], model: 'local', truncate: true });
    const [q, ...others] = vectors;
    return others.map((v) => dot(q!, v));
  };
}

/** The vectors are unit length, so their dot product is their cosine. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
