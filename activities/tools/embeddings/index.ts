import type { embeddingTools as embeddingEntries } from '../../../schema/registry/families/embeddings';
import type { FamilyImplementations } from '../toolImplementation';
import { embeddings } from './embeddings';

/** Embeddings (schema/registry/families/embeddings.ts): vectors from the worker's Embedder, no model prompt. */
export const embeddingTools: FamilyImplementations<typeof embeddingEntries> = {
  'v1/embeddings': { run: embeddings },
};
