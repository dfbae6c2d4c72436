import { type Micros, usdToMicros } from '../money';
import type { ProviderName } from './providers';

/** Who computes an embedding: a model provider, or the local model the workers run (no key, no network). */
export type EmbeddingProvider = ProviderName | 'local';

export interface EmbeddingModelInfo {
  /** The id callers name in `model`, and the one sent upstream (unless MODEL_ALIASES renames it for a self-hosted server). */
  readonly id: string;
  readonly provider: EmbeddingProvider;
  readonly name: string;
  /** List price in micro-USD per million input tokens (embeddings have no output tokens). */
  readonly inputPerMillion: Micros;
  /** The size of a vector when `dimensions` is not asked for. */
  readonly dimensions: number;
  /**
   * Trained so that a vector's first n components are a good n-dimensional embedding (Matryoshka representation
   * learning): `dimensions` may ask for any size up to `dimensions`, the vector shortened and renormalised.
   */
  readonly shortenable: boolean;
  /** The longest input, in the model's own tokens. */
  readonly maxInputTokens: number;
  /** Inputs per upstream request (longer lists are sent in batches). */
  readonly maxBatch: number;
  /** Accepts inputs as token arrays (the model's own token ids) besides text. */
  readonly tokenInput: boolean;
  /** Served by a self-hosted OpenAI-compatible server (Ollama) at OPENAI_BASE_URL, not by OpenAI itself. */
  readonly selfHosted?: true;
}

const perMillion = (usd: string): Micros => usdToMicros(usd);

/** The local model: all-MiniLM-L6-v2 (Apache-2.0) as GGUF, run by node-llama-cpp in the workers. */
export const LOCAL_EMBEDDING_MODEL_ID = 'all-MiniLM-L6-v2';

/**
 * The embedding models `POST /v1/embeddings` serves, with the providers' list prices and published limits. `auto`
 * takes the first whose provider is configured (AUTO_EMBEDDING_PREFERENCE), and the local model when none is.
 */
const EMBEDDING_CATALOGUE = [
  {
    id: 'text-embedding-3-small',
    provider: 'openai',
    name: 'OpenAI text-embedding-3-small',
    inputPerMillion: perMillion('0.02'),
    dimensions: 1536,
    shortenable: true,
    maxInputTokens: 8191,
    maxBatch: 2048,
    tokenInput: true,
  },
  {
    id: 'text-embedding-3-large',
    provider: 'openai',
    name: 'OpenAI text-embedding-3-large',
    inputPerMillion: perMillion('0.13'),
    dimensions: 3072,
    shortenable: true,
    maxInputTokens: 8191,
    maxBatch: 2048,
    tokenInput: true,
  },
  {
    id: 'gemini-embedding-001',
    provider: 'google',
    name: 'Gemini Embedding',
    inputPerMillion: perMillion('0.15'),
    dimensions: 3072,
    shortenable: true,
    maxInputTokens: 2048,
    maxBatch: 100,
    tokenInput: false,
  },
  {
    id: 'text-embedding-004',
    provider: 'google',
    name: 'Google text-embedding-004',
    // Free of charge on the Gemini API (rate-limited): the metered minimum is all a call costs.
    inputPerMillion: perMillion('0'),
    dimensions: 768,
    shortenable: true,
    maxInputTokens: 2048,
    maxBatch: 100,
    tokenInput: false,
  },
  {
    id: 'mistral-embed',
    provider: 'mistral',
    name: 'Mistral Embed',
    inputPerMillion: perMillion('0.1'),
    dimensions: 1024,
    shortenable: false,
    maxInputTokens: 8192,
    maxBatch: 512,
    tokenInput: false,
  },
  {
    id: 'nomic-embed-text',
    provider: 'openai',
    name: 'nomic-embed-text (Ollama, or another OpenAI-compatible server at OPENAI_BASE_URL)',
    inputPerMillion: perMillion('0'),
    dimensions: 768,
    shortenable: false,
    maxInputTokens: 2048,
    maxBatch: 512,
    tokenInput: false,
    selfHosted: true,
  },
  {
    id: LOCAL_EMBEDDING_MODEL_ID,
    provider: 'local',
    name: 'all-MiniLM-L6-v2 (local, in the workers)',
    inputPerMillion: perMillion('0'),
    dimensions: 384,
    shortenable: false,
    // sentence-transformers' max_seq_length for this model (it was tuned on 128): positions past it are untrained.
    maxInputTokens: 256,
    maxBatch: 64,
    tokenInput: true,
  },
] as const satisfies readonly EmbeddingModelInfo[];

export type EmbeddingModelId = (typeof EMBEDDING_CATALOGUE)[number]['id'];

export const EMBEDDING_MODELS: readonly EmbeddingModelInfo[] = EMBEDDING_CATALOGUE;

/** `auto`'s order: a configured provider's model first, the local model last (it always serves). */
export const AUTO_EMBEDDING_PREFERENCE: readonly EmbeddingModelId[] = [
  'text-embedding-3-small',
  'gemini-embedding-001',
  'mistral-embed',
  LOCAL_EMBEDDING_MODEL_ID,
];

const byId = new Map<string, EmbeddingModelInfo>(EMBEDDING_MODELS.map((m) => [m.id, m]));

/** An embedding model by id; `local` names the local model. */
export function findEmbeddingModel(id: string): EmbeddingModelInfo | undefined {
  return byId.get(id === 'local' ? LOCAL_EMBEDDING_MODEL_ID : id);
}

/**
 * Where the workers find the local model's GGUF file: LOCAL_EMBEDDING_MODEL_PATH, else DATA_DIR/models/ (where
 * `npm start`, `npm test` and CI convert it). Plain string joins: schema stays free of Node modules.
 */
export function localEmbeddingModelPath(config: { readonly dataDir: string; readonly localEmbeddingModelPath: string }): string {
  return config.localEmbeddingModelPath || `${config.dataDir.replace(/\/+$/, '')}/models/${LOCAL_EMBEDDING_MODEL_FILE.name}`;
}

/** The file `scripts/convertBertToGguf.py` writes from the pinned PyPI packages; deterministic, so its digest is pinned. */
export const LOCAL_EMBEDDING_MODEL_FILE = {
  name: 'all-MiniLM-L6-v2.f16.gguf',
  sha256: '6fd2e1103a329b3d90e6123eb90a4add432be3b92c6fae6a143a6f01445bfa8e',
} as const;
