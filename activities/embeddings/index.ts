/**
 * Embeddings in the workers: one Embedder (createEmbedder) over the providers' adapters and the local model
 * (all-MiniLM-L6-v2, run by node-llama-cpp in a thread of its own). /v1/embeddings and search by meaning use it.
 */
export { createEmbedder, type EmbedRequest, type Embedder, type EmbeddingInput, type Embeddings, unitLength } from './createEmbedder';
export { closeLocalModels, createLocalEmbeddingModel, type LocalEmbeddingModel } from './localEmbeddingModel';
