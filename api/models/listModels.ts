import { AUTO_MODEL, EMBEDDING_MODELS, LOCAL_SERVER_PROVIDER, MODEL_CHOICES, PROVIDER_NAMES, PROVIDERS } from '../../schema/models';
import { chooseEmbeddingModel } from '../../core/models/embeddingChoice';
import { microsToUsd } from '../../schema/money';
import { modelResolverFor } from '../../core/models/configuredProviders';
import type { modelTools } from '../../schema/models/modelTools';
import type { HandlerFor } from '../inline/inlineHandler';

/** One model as GET /models lists it. */
interface Listing {
  readonly id: string;
  readonly provider: string;
  readonly name: string;
  readonly pricing: { readonly input_per_million_usd: number; readonly output_per_million_usd: number };
  readonly context_window: number | null;
  readonly max_output_tokens: number | null;
  readonly capabilities: readonly string[];
  readonly requestable: boolean;
  readonly configured: boolean;
}

/**
 * GET /models: the catalogue, each model saying whether its provider is configured on this service, then the models
 * the workers found on local OpenAI-compatible servers (provider `local-server`, priced as configured).
 */
export const listModels: HandlerFor<typeof modelTools, 'models'> = async (input, { deps }) => {
  const resolver = modelResolverFor(deps.config, await deps.localModels.fresh());
  const configured = new Set(resolver.configuredProviders());
  const catalogue = resolver.list().map((m): Listing => ({
    id: m.id,
    provider: m.provider,
    name: m.name,
    pricing: { input_per_million_usd: microsToUsd(m.inputPerMillion), output_per_million_usd: microsToUsd(m.outputPerMillion) },
    context_window: m.contextWindow,
    max_output_tokens: m.maxOutputTokens,
    capabilities: [...m.capabilities],
    requestable: m.requestable,
    configured: m.configured,
  }));
  const local = resolver.localServers().map((m): Listing => ({
    id: m.id,
    provider: LOCAL_SERVER_PROVIDER,
    name: `${m.id} (local server, ${m.ownedBy})`,
    pricing: { input_per_million_usd: microsToUsd(m.inputPerMillion), output_per_million_usd: microsToUsd(m.outputPerMillion) },
    context_window: null,
    max_output_tokens: null,
    capabilities: ['streaming'],
    requestable: true,
    configured: true,
  }));
  const models = [...catalogue, ...local]
    .filter((m) => input.provider === undefined || m.provider === input.provider)
    .filter((m) => input.capability === undefined || m.capabilities.includes(input.capability))
    .filter((m) => input.configured === undefined || m.configured === input.configured);
  return {
    models,
    count: models.length,
    providers: PROVIDER_NAMES.map((name) => ({
      name,
      display_name: PROVIDERS[name].displayName,
      configured: configured.has(name),
      api_key_env: PROVIDERS[name].apiKeyEnv,
      base_url_env: PROVIDERS[name].baseUrlEnv,
    })),
    default: AUTO_MODEL,
    choices: [...MODEL_CHOICES, ...local.map((m) => m.id)],
    embedding_models: EMBEDDING_MODELS.map((m) => ({
      id: m.id,
      provider: m.provider,
      name: m.name,
      pricing: { input_per_million_usd: microsToUsd(m.inputPerMillion) },
      dimensions: m.dimensions,
      shortenable: m.shortenable,
      max_input_tokens: m.maxInputTokens,
      configured: m.provider === 'local' || configured.has(m.provider),
    })),
    embedding_default: chooseEmbeddingModel({ inputs: 1 }, [...configured]).model.id,
  };
};
