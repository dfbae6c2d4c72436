import type { ActivitiesFeature } from '../features';
import type { embeddingTools as embeddingEntries } from '../../schema/embeddings/embeddingTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { embeddings } from './embeddings';

/** Embeddings (schema/embeddings/embeddingTools.ts): vectors from the worker's Embedder, no model prompt. */
const embeddingTools: FamilyImplementations<typeof embeddingEntries> = {
  'v1/embeddings': { run: embeddings },
};

export const feature = { tools: embeddingTools } satisfies ActivitiesFeature;
