import { AUTO_MODEL, MODEL_CHOICES, PROVIDER_NAMES, PROVIDERS } from '../../schema/models';
import { microsToUsd } from '../../schema/money';
import { modelResolverFor } from '../../core/models/configuredProviders';
import type { modelTools } from '../../schema/models/modelTools';
import type { HandlerFor } from '../inline/inlineHandler';

/** GET /models: the catalogue, each model saying whether its provider is configured on this service. */
export const listModels: HandlerFor<typeof modelTools, 'models'> = (input, { deps }) => {
  const router = modelResolverFor(deps.config);
  const configured = new Set(router.configuredProviders());
  const models = router
    .list()
    .filter((m) => input.provider === undefined || m.provider === input.provider)
    .filter((m) => input.capability === undefined || m.capabilities.includes(input.capability))
    .filter((m) => input.configured === undefined || m.configured === input.configured)
    .map((m) => ({
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
    choices: [...MODEL_CHOICES],
  };
};
