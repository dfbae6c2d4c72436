import type { ApplicationFailure } from '@temporalio/common';
import {
  AUTO_MODEL,
  findModel,
  isLocalModel,
  MODEL_CHOICES,
  MODELS,
  type ModelInfo,
  type ModelNeed,
  PROVIDER_NAMES,
  PROVIDERS,
  type ProviderName,
} from '../../schema/models';
import { invalidInput, modelUnavailable } from '../calls/callFailures';
import { autoCandidates, providerVariablesFor } from './autoCandidates';

/** What a caller's `model` resolved to: the offline provider, `auto` for a need, or one catalogue model. */
export type ModelChoice =
  { readonly kind: 'local' } | { readonly kind: 'auto'; readonly need: ModelNeed } | { readonly kind: 'model'; readonly model: ModelInfo };
export type ProviderChoice = Exclude<ModelChoice, { kind: 'local' }>;

export interface ResolveOptions {
  readonly need: ModelNeed;
  /** The tool has an offline `local` implementation: `local` is accepted, and `auto` falls back to it when no provider serves. */
  readonly localCapable: boolean;
}

export interface ModelListing extends ModelInfo {
  readonly configured: boolean;
}

/**
 * The catalogue seen from one deployment: which models its configured providers serve, and what a caller's `model`
 * means. Pure: the API checks a model with it before anything is held (no provider SDK is loaded for that), and the
 * workers' router resolves with the same rules before it calls a provider.
 */
export interface ModelResolver {
  /** The fifteen models, each saying whether its provider is configured here (GET /models). */
  list(): ModelListing[];
  configuredProviders(): ProviderName[];
  /** Validates a caller's `model` (undefined means `auto`). Throws InvalidInput (400) or ModelUnavailable (503). */
  resolve(requested: string | undefined, options: ResolveOptions): ModelChoice;
}

export function createModelResolver(configured: readonly ProviderName[]): ModelResolver {
  const isConfigured = (name: ProviderName) => configured.includes(name);
  return {
    list: () => MODELS.map((model) => ({ ...model, configured: isConfigured(model.provider) })),
    configuredProviders: () => PROVIDER_NAMES.filter(isConfigured),
    resolve(requested, { need, localCapable }) {
      const id = requested?.trim() || AUTO_MODEL;
      if (id === AUTO_MODEL) {
        if (autoCandidates(need, isConfigured, () => false).ready.length > 0) return { kind: 'auto', need };
        if (localCapable) return { kind: 'local' };
        throw noModelFor(need);
      }
      if (isLocalModel(id)) {
        if (localCapable) return { kind: 'local' };
        throw invalidInput(
          `the offline "local" model cannot serve this tool: it needs a generative model`,
          `Use "auto" or one of ${requestableIds().join(', ')}.`,
        );
      }
      const model = findModel(id);
      if (!model?.requestable) throw invalidInput(`unknown model "${id}"`, `Valid models: ${MODEL_CHOICES.join(', ')}. GET /models lists them with prices.`);
      if (need === 'vision' && !model.capabilities.includes('vision')) {
        throw invalidInput(`${id} cannot read images`, `Use "auto" or one of ${requestableIds((m) => m.capabilities.includes('vision')).join(', ')}.`);
      }
      if (!isConfigured(model.provider)) throw notConfigured(model);
      return { kind: 'model', model };
    },
  };
}

function requestableIds(filter: (model: ModelInfo) => boolean = () => true): string[] {
  return MODELS.filter((m) => m.requestable && filter(m)).map((m) => m.id);
}

export function notConfigured(model: ModelInfo): ApplicationFailure {
  const info = PROVIDERS[model.provider];
  return modelUnavailable(`${model.id} is not configured here`, `Set ${info.apiKeyEnv} to use ${info.displayName} models, or ask for model "auto".`);
}

export function noModelFor(need: ModelNeed): ApplicationFailure {
  const what = need === 'vision' ? 'a model that reads images' : 'a generative model';
  return modelUnavailable(
    `this tool needs ${what} and no model provider is configured for it`,
    `Set one of ${providerVariablesFor(need).join(', ')} (or OPENAI_BASE_URL to a local OpenAI-compatible server such as Ollama).`,
  );
}
