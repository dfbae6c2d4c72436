import type { Config } from '../../schema/config';
import { type EmbeddingModelInfo, localEmbeddingModelPath, type ProviderName } from '../../schema/models';
import { estimateTokens } from '../../core/models/tokenEstimates';
import { upstreamFailure } from '../../core/calls/callFailures';
import { configuredProviders } from '../../core/models/configuredProviders';
import { chooseEmbeddingModel, type EmbeddingChoice } from '../../core/models/embeddingChoice';
import { createEmbeddingAdapters, type EmbeddingAdapter, parseModelAliases } from '../providers';
import { createLocalEmbeddingModel, type LocalEmbeddingModel } from './localEmbeddingModel';

export type EmbeddingInput = string | readonly number[];

export interface EmbedRequest {
  /** Texts (or token arrays of the model's own vocabulary, where the model takes them). */
  readonly inputs: readonly EmbeddingInput[];
  /** `auto` (or absent), `local`, or an embedding model's id (schema/models/embeddingCatalogue.ts). */
  readonly model?: string;
  /** A shorter vector from a model trained for it (Matryoshka): cut to this size and renormalised. */
  readonly dimensions?: number;
  /** Cut an input longer than the local model's window instead of refusing it (providers refuse past their own). */
  readonly truncate?: boolean;
}

export interface Embeddings {
  /** Unit-length vectors, one per input, in order: a dot product is their cosine. */
  readonly vectors: Float32Array[];
  /** The catalogue id of the model that made them: what they are billed as, and what to store beside them. */
  readonly model: string;
  /** The model as its provider reported it (a dated version, or a self-hosted server's own name). */
  readonly upstreamModel: string;
  readonly dimensions: number;
  /** Input tokens read (the provider's count; an estimate where it reports none). */
  readonly tokens: number;
}

/**
 * Embeddings as a capability of the workers, like chat: the catalogue's models through their providers' adapters,
 * and the local model, which needs no key and no network. /v1/embeddings runs on it; so does anything else that
 * needs vectors (search by meaning), with `model` pinned so stored vectors stay comparable.
 */
export interface Embedder {
  /** What `model` (and `dimensions`) means on this worker, without a request: the model and its vectors' size. */
  choose(model?: string, dimensions?: number): EmbeddingChoice;
  embed(request: EmbedRequest, signal?: AbortSignal): Promise<Embeddings>;
  /** Ends the local model's thread, if it was started. */
  close(): Promise<void>;
}

type EmbedderConfig = Parameters<typeof createEmbeddingAdapters>[0] &
  Pick<Config, 'modelAliases' | 'dataDir' | 'localEmbeddingModelPath' | 'localEmbeddingThreads'>;

export function createEmbedder(
  config: EmbedderConfig,
  parts: { adapters?: ReadonlyMap<ProviderName, EmbeddingAdapter>; local?: LocalEmbeddingModel } = {},
): Embedder {
  const adapters = parts.adapters ?? createEmbeddingAdapters(config);
  const configured = configuredProviders(config);
  const aliases = parseModelAliases(config.modelAliases);
  const local = parts.local ?? createLocalEmbeddingModel({ modelPath: localEmbeddingModelPath(config), threads: config.localEmbeddingThreads });
  const choose = (model?: string, dimensions?: number, ask: { inputs?: number; tokenArrays?: boolean } = {}) =>
    chooseEmbeddingModel({ model, dimensions, inputs: ask.inputs ?? 1, tokenArrays: ask.tokenArrays ?? false }, configured);

  return {
    choose: (model, dimensions) => choose(model, dimensions),
    async embed(request, signal) {
      const tokenArrays = request.inputs.some((input) => typeof input !== 'string');
      const { model, dimensions } = choose(request.model, request.dimensions, { inputs: request.inputs.length, tokenArrays });
      if (request.inputs.length === 0) return { vectors: [], model: model.id, upstreamModel: model.id, dimensions, tokens: 0 };
      if (model.provider === 'local') {
        const { vectors, tokens } = await local.embed(
          { inputs: request.inputs, windowTokens: model.maxInputTokens, truncate: request.truncate ?? false },
          signal,
        );
        return { vectors, model: model.id, upstreamModel: model.id, dimensions, tokens: tokens.reduce((a, b) => a + b, 0) };
      }
      const adapter = adapters.get(model.provider);
      if (!adapter) throw new Error(`no embeddings adapter for ${model.provider}, though it is configured`);
      return fromProvider(
        adapter,
        { model, dimensions, asked: request.dimensions, upstreamId: aliases.get(model.id) ?? model.id, inputs: request.inputs },
        signal,
      );
    },
    close: () => local.close(),
  };
}

interface ProviderAsk {
  readonly model: EmbeddingModelInfo;
  readonly dimensions: number;
  readonly asked: number | undefined;
  readonly upstreamId: string;
  readonly inputs: readonly EmbeddingInput[];
}

/** Sends the inputs in the model's batches; each vector cut to the size asked for (when the server did not) and renormalised. */
async function fromProvider(adapter: EmbeddingAdapter, ask: ProviderAsk, signal?: AbortSignal): Promise<Embeddings> {
  const vectors: Float32Array[] = [];
  let tokens = 0;
  let upstreamModel = ask.upstreamId;
  for (let start = 0; start < ask.inputs.length; start += ask.model.maxBatch) {
    const batch = ask.inputs.slice(start, start + ask.model.maxBatch);
    const answer = await adapter.embed({ model: ask.upstreamId, inputs: batch, ...(ask.asked === undefined ? {} : { dimensions: ask.asked }) }, signal);
    if (answer.vectors.length !== batch.length) {
      throw upstreamFailure(`${ask.model.id} answered ${answer.vectors.length} vectors for ${batch.length} inputs`);
    }
    for (const vector of answer.vectors) {
      if (vector.length < ask.dimensions) throw upstreamFailure(`${ask.model.id} answered a vector of ${vector.length} dimensions, not ${ask.dimensions}`);
      vectors.push(unitLength(vector, ask.dimensions));
    }
    tokens += answer.inputTokens ?? batch.reduce((sum, input) => sum + (typeof input === 'string' ? estimateTokens(input) : input.length), 0);
    upstreamModel = answer.model;
  }
  return { vectors, model: ask.model.id, upstreamModel, dimensions: ask.dimensions, tokens };
}

/** The first `size` components at unit length: Matryoshka truncation, and a no-op on a provider's unit vectors. */
export function unitLength(vector: readonly number[], size: number): Float32Array {
  const out = Float32Array.from(vector.slice(0, size));
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm;
  return out;
}
