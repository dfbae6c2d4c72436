import { schemaFeature } from '../schemaFeature';
import { embeddingTools } from './embeddingTools';

/** Embeddings: POST /v1/embeddings, vectors from a provider's embedding model or the workers' local one. */
export const feature = schemaFeature()({
  tools: embeddingTools,
});
