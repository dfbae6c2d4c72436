import type { ApplicationFailure } from '@temporalio/common';
import {
  AUTO_MODEL,
  findModel,
  isLocalModel,
  MODEL_CHOICES,
  MODELS,
  type ModelInfo,
  type LocalServerModel,
  type ModelNeed,
  PROVIDER_NAMES,
  PROVIDERS,
  type ProviderName,
} from '../../schema/models';
import { autoMayPickLocal } from './servableLocalModels';
import { invalidInput, modelUnavailable } from '../calls/callFailures';
import { autoCandidates, providerVariablesFor } from './autoCandidates';

/**
 * What a caller's `model` resolved to: the offline provider, `auto` for a need, one catalogue model, or one model a
 * local OpenAI-compatible server serves.
 */
export type ModelChoice =
  | { readonly kind: 'local' }
  | { readonly kind: 'auto'; readonly need: ModelNeed }
  | { readonly kind: 'model'; readonly model: ModelInfo }
  | { readonly kind: 'server'; readonly model: LocalServerModel };
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
 * The catalogue seen from one deployment: which models its configured providers serve, which its local model servers
 * serve, and what a caller's `model` means. Pure: the API checks a model with it before anything is held (no provider
 * SDK is loaded for that), and the workers' router resolves with the same rules before it calls a provider.
 */
export interface ModelResolver {
  /** The fifteen models, each saying whether its provider is configured here (GET /models). */
  list(): ModelListing[];
  configuredProviders(): ProviderName[];
  /** The models local servers serve here (LOCAL_MODEL_PROBE), callable by their ids. */
  localServers(): readonly LocalServerModel[];
  /** Validates a caller's `model` (undefined means `auto`). Throws InvalidInput (400) or ModelUnavailable (503). */
  resolve(requested: string | undefined, options: ResolveOptions): ModelChoice;
}

/**
 * `auto` prefers the configured providers; without one, a tool the offline provider serves runs offline (instant, and
 * what it did before a local server was found), and a generative tool runs on a local server rather than answer 503.
 * Local servers are not assumed to read images.
 */
export function createModelResolver(configured: readonly ProviderName[], localServers: readonly LocalServerModel[] = []): ModelResolver {
  const isConfigured = (name: ProviderName) => configured.includes(name);
  const choices = () => [...MODEL_CHOICES, ...localServers.map((m) => m.id)];
  return {
    list: () => MODELS.map((model) => ({ ...model, configured: isConfigured(model.provider) })),
    configuredProviders: () => PROVIDER_NAMES.filter(isConfigured),
    localServers: () => localServers,
    resolve(requested, { need, localCapable }) {
      const id = requested?.trim() || AUTO_MODEL;
      if (id === AUTO_MODEL) {
        if (autoCandidates(need, isConfigured, () => false).ready.length > 0) return { kind: 'auto', need };
        if (localCapable) return { kind: 'local' };
        if (localServerCandidates(localServers, need).length > 0) return { kind: 'auto', need };
        throw noModelFor(need);
      }
      if (isLocalModel(id)) {
        if (localCapable) return { kind: 'local' };
        throw invalidInput(
          `the offline "local" model cannot serve this tool: it needs a generative model`,
          `Use "auto" or one of ${requestableIds(localServers).join(', ')}.`,
        );
      }
      const served = localServers.find((m) => m.id === id);
      if (served) {
        if (need === 'vision') throw invalidInput(`${id} is not known to read images`, `Use "auto" or one of ${visionIds().join(', ')}.`);
        return { kind: 'server', model: served };
      }
      const model = findModel(id);
      if (!model?.requestable) {
        throw invalidInput(`unknown model "${id}"`, `Valid models: ${choices().join(', ')}. GET /models lists them with prices.`, 'unknown_model');
      }
      if (need === 'vision' && !model.capabilities.includes('vision')) {
        throw invalidInput(`${id} cannot read images`, `Use "auto" or one of ${visionIds().join(', ')}.`);
      }
      if (!isConfigured(model.provider)) throw notConfigured(model);
      return { kind: 'model', model };
    },
  };
}

/** The local server models `auto` may pick for a need, at most one per server, in probe order. */
export function localServerCandidates(localServers: readonly LocalServerModel[], need: ModelNeed): LocalServerModel[] {
  if (need === 'vision') return [];
  const seen = new Set<string>();
  return localServers.filter((model) => {
    if (!autoMayPickLocal(model.id) || seen.has(model.baseUrl)) return false;
    seen.add(model.baseUrl);
    return true;
  });
}

function requestableIds(localServers: readonly LocalServerModel[] = []): string[] {
  return [...MODELS.filter((m) => m.requestable).map((m) => m.id), ...localServers.map((m) => m.id)];
}

function visionIds(): string[] {
  return MODELS.filter((m) => m.requestable && m.capabilities.includes('vision')).map((m) => m.id);
}

export function notConfigured(model: ModelInfo): ApplicationFailure {
  const info = PROVIDERS[model.provider];
  return modelUnavailable(`${model.id} is not configured here`, `Set ${info.apiKeyEnv} to use ${info.displayName} models, or ask for model "auto".`, [
    info.apiKeyEnv,
  ]);
}

export function noModelFor(need: ModelNeed): ApplicationFailure {
  const what = need === 'vision' ? 'a model that reads images' : 'a generative model';
  const variables = providerVariablesFor(need);
  return modelUnavailable(
    `this tool needs ${what} and no model provider is configured for it`,
    `Set one of ${variables.join(', ')} (or OPENAI_BASE_URL to a local OpenAI-compatible server such as Ollama).`,
    [...variables, 'OPENAI_BASE_URL'],
  );
}
