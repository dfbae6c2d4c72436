import { existsSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../../schema/config';
import { localEmbeddingModelPath } from '../../../schema/models';
import type { Embedder } from '../../embeddings';
import type { TextSimilarity } from './textSimilarity';

// A vector is 384 floats; its text is kept beside it as the key. 16 MiB holds some 8,000 category labels and sentences.
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The offline methods' meaning-level similarity: cosines of the local model's vectors (all-MiniLM-L6-v2), never a
 * provider's, so an offline answer stays free of provider cost and the same on every deployment. Absent when the
 * model file is not installed (`npm run embedding-model`): the methods are then lexical alone and name themselves so.
 * Made once per worker (offlineAidsOf): it keeps the vectors it made, so the texts calls repeat (a caller's category
 * names and descriptions, a document asked about again) are embedded once.
 */
export function localMeaningSimilarity(embedder: Embedder, config: Pick<Config, 'dataDir' | 'localEmbeddingModelPath'>): TextSimilarity | undefined {
  if (!existsSync(localEmbeddingModelPath(config))) return undefined;
  const kept = new LRUCache<string, Float32Array>({ maxSize: CACHE_BYTES, sizeCalculation: (v, text) => v.byteLength + 2 * text.length });
  return async (query, texts) => {
    if (texts.length === 0) return [];
    // The vectors this call reads, taken from the cache at once: another call's texts may evict them meanwhile.
    const vectors = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const text of new Set([query, ...texts])) {
      const hit = kept.get(text);
      if (hit) vectors.set(text, hit);
      else missing.push(text);
    }
    if (missing.length) {
      // Long inputs are cut at the model's window, as sentence-transformers does: the opening carries the topic.
      const made = await embedder.embed({ inputs: missing, model: 'local', truncate: true });
      missing.forEach((text, i) => {
        vectors.set(text, made.vectors[i]!);
        kept.set(text, made.vectors[i]!);
      });
    }
    const q = vectors.get(query)!;
    return texts.map((text) => dot(q, vectors.get(text)!));
  };
}

/** The vectors are unit length, so their dot product is their cosine. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
