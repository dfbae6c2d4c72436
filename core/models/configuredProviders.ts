import type { Config } from '../../schema/config';
import { type ApiKeySetting, type BaseUrlSetting, type LocalServerModel, PROVIDER_NAMES, PROVIDERS, type ProviderName } from '../../schema/models';
import { createModelResolver, type ModelResolver } from './modelResolver';

export type ProviderConfig = Pick<Config, ApiKeySetting | BaseUrlSetting>;

/**
 * A provider is configured when its key is set, or when its address was moved off the official one
 * (a self-hosted OpenAI-compatible server such as Ollama needs no key).
 */
export function configuredProviders(config: ProviderConfig): ProviderName[] {
  return PROVIDER_NAMES.filter((name) => {
    const { apiKey, baseUrl } = providerSettings(config, name);
    return apiKey !== '' || baseUrl !== PROVIDERS[name].defaultBaseUrl;
  });
}

export function providerSettings(config: ProviderConfig, name: ProviderName): { apiKey: string; baseUrl: string } {
  const info = PROVIDERS[name];
  return { apiKey: config[info.apiKeySetting].trim(), baseUrl: config[info.baseUrlSetting] || info.defaultBaseUrl };
}

const NONE: readonly LocalServerModel[] = [];
const resolvers = new WeakMap<ProviderConfig, { localServers: readonly LocalServerModel[]; resolver: ModelResolver }>();

/**
 * The resolver for a configuration and the local server models known now, made once for each (the same list
 * object while nothing changed): the API checks every call's `model` with it.
 */
export function modelResolverFor(config: ProviderConfig, localServers: readonly LocalServerModel[] = NONE): ModelResolver {
  let made = resolvers.get(config);
  if (made?.localServers !== localServers)
    resolvers.set(config, (made = { localServers, resolver: createModelResolver(configuredProviders(config), localServers) }));
  return made.resolver;
}
