import type { ApplicationFailure } from '@temporalio/common';
import {
  AUTO_EMBEDDING_PREFERENCE,
  AUTO_MODEL,
  EMBEDDING_MODELS,
  type EmbeddingModelInfo,
  findEmbeddingModel,
  findModel,
  PROVIDERS,
  type ProviderName,
} from '../../schema/models';
import { invalidInput, modelUnavailable } from '../calls/callFailures';

/**
 * The most numbers one embeddings answer may carry (inputs × dimensions): an answer travels back through the
 * call's workflow, and Temporal refuses results over 2 MB (a float takes ~12 bytes of JSON: 1.2 MB at most).
 */
export const MAX_EMBEDDING_VALUES = 98_304;

export interface EmbeddingAsk {
  /** `auto` (or absent), `local`, or an embedding model's id. */
  readonly model?: string | undefined;
  readonly dimensions?: number | undefined;
  /** How many vectors the answer holds. */
  readonly inputs: number;
  /** Some inputs are token arrays rather than text. */
  readonly tokenArrays?: boolean;
}

export interface EmbeddingChoice {
  readonly model: EmbeddingModelInfo;
  /** The size of each vector in the answer. */
  readonly dimensions: number;
}

/**
 * Which embedding model serves a request and what size its vectors are, with the same rules in the API (before
 * anything is held) and in the workers. `auto` takes the first configured provider's model in
 * AUTO_EMBEDDING_PREFERENCE, else the local model, and never falls over to another provider after a failure: vectors
 * of two models do not compare. Throws InvalidInput (400) or ModelUnavailable (503 naming the variable to set).
 */
export function chooseEmbeddingModel(ask: EmbeddingAsk, configured: readonly ProviderName[]): EmbeddingChoice {
  const id = ask.model?.trim() || AUTO_MODEL;
  const isServed = (model: EmbeddingModelInfo) => model.provider === 'local' || configured.includes(model.provider);
  let model: EmbeddingModelInfo | undefined;
  if (id === AUTO_MODEL) {
    model = AUTO_EMBEDDING_PREFERENCE.map((m) => findEmbeddingModel(m)!).find(isServed);
  } else {
    model = findEmbeddingModel(id);
    if (!model) {
      const what = findModel(id) ? `${id} is a chat model, not an embedding model` : `unknown model "${id}" for embeddings`;
      throw invalidInput(what, `Embedding models: ${embeddingChoices().join(', ')}. GET /models lists them with prices.`, 'unknown_model');
    }
    if (!isServed(model)) throw embeddingModelNotConfigured(model);
  }
  if (!model) throw new Error('the local embedding model is always served');
  if (ask.tokenArrays && !model.tokenInput) {
    throw invalidInput(`${model.id} takes text, not token arrays`, `Send strings, or use a model that reads token ids: ${tokenModels().join(', ')}.`);
  }
  const dimensions = checkedDimensions(model, ask.dimensions);
  if (ask.inputs * dimensions > MAX_EMBEDDING_VALUES) {
    const fits = Math.max(1, Math.floor(MAX_EMBEDDING_VALUES / dimensions));
    throw invalidInput(
      `${ask.inputs} inputs of ${dimensions} dimensions is more than one answer carries (${MAX_EMBEDDING_VALUES} numbers)`,
      `Send at most ${fits} inputs per request with ${model.id} at ${dimensions} dimensions${model.shortenable ? ', or ask for fewer `dimensions`' : ''}.`,
    );
  }
  return { model, dimensions };
}

function checkedDimensions(model: EmbeddingModelInfo, asked: number | undefined): number {
  if (asked === undefined) return model.dimensions;
  if (model.shortenable) {
    if (asked >= 1 && asked <= model.dimensions) return asked;
    throw invalidInput(`${model.id} makes vectors of at most ${model.dimensions} dimensions, not ${asked}`, `Ask for 1 to ${model.dimensions} dimensions.`);
  }
  if (asked === model.dimensions) return asked;
  throw invalidInput(
    `${model.id} makes vectors of ${model.dimensions} dimensions and cannot shorten them (dimensions: ${asked})`,
    `Leave out \`dimensions\`, or use a model trained to be shortened: ${EMBEDDING_MODELS.filter((m) => m.shortenable)
      .map((m) => m.id)
      .join(', ')}.`,
  );
}

function embeddingModelNotConfigured(model: EmbeddingModelInfo): ApplicationFailure {
  const info = PROVIDERS[model.provider as ProviderName];
  const set = model.selfHosted ? `${info.baseUrlEnv} (an OpenAI-compatible server such as Ollama that has ${model.id})` : info.apiKeyEnv;
  return modelUnavailable(
    `${model.id} is not configured here`,
    `Set ${set} to use it, or ask for model "auto" (the local model serves when no provider does).`,
    [model.selfHosted ? info.baseUrlEnv : info.apiKeyEnv],
  );
}

/** Every value `model` takes on /v1/embeddings. */
export function embeddingChoices(): string[] {
  return [AUTO_MODEL, 'local', ...EMBEDDING_MODELS.map((m) => m.id)];
}

function tokenModels(): string[] {
  return EMBEDDING_MODELS.filter((m) => m.tokenInput).map((m) => m.id);
}
