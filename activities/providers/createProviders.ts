import { type Config, ConfigError } from '../../schema/config';
import type { Clock } from '../billing/clock';
import { type ApiKeySetting, type BaseUrlSetting, PROVIDER_NAMES, PROVIDERS, type ProviderName } from '../../schema/models';
import { createAnthropicProvider } from './anthropic';
import { createGoogleProvider } from './google';
import { createGroqProvider } from './groq';
import { createMistralProvider } from './mistral';
import { createModelRouter, type ModelRouter } from './modelRouter';
import { createOpenAICompatibleProvider } from './openaiCompatible';
import type { ModelProvider, ProviderConnection } from './types';

const ADAPTERS: Readonly<Record<ProviderName, (connection: ProviderConnection) => ModelProvider>> = {
  anthropic: createAnthropicProvider,
  openai: (connection) => createOpenAICompatibleProvider('openai', connection),
  google: createGoogleProvider,
  deepseek: (connection) => createOpenAICompatibleProvider('deepseek', connection),
  mistral: createMistralProvider,
  xai: (connection) => createOpenAICompatibleProvider('xai', connection),
  groq: createGroqProvider,
};

/** Sent where a self-hosted server needs no key but the SDK insists on one. */
const NO_KEY = 'not-needed';

type ProviderConfig = Pick<Config, 'modelTimeoutSeconds' | ApiKeySetting | BaseUrlSetting>;

/**
 * A provider is configured when its key is set, or when its address was moved off the official one
 * (a self-hosted OpenAI-compatible server such as Ollama needs no key).
 */
export function configuredProviders(config: ProviderConfig): ProviderName[] {
  return PROVIDER_NAMES.filter((name) => {
    const { apiKey, baseUrl } = settingsOf(config, name);
    return apiKey !== '' || baseUrl !== PROVIDERS[name].defaultBaseUrl;
  });
}

/** One adapter per configured provider; an unconfigured one is simply absent. */
export function createProviders(config: ProviderConfig): ReadonlyMap<ProviderName, ModelProvider> {
  const timeoutMs = config.modelTimeoutSeconds * 1000;
  return new Map(
    configuredProviders(config).map((name) => {
      const { apiKey, baseUrl } = settingsOf(config, name);
      return [name, ADAPTERS[name]({ apiKey: apiKey || NO_KEY, baseUrl, timeoutMs })];
    }),
  );
}

/** The router the activities use: every configured provider, MODEL_ALIASES applied. */
export function modelRouterFromConfig(config: ProviderConfig & Pick<Config, 'modelAliases'>, clock?: Clock): ModelRouter {
  return createModelRouter({ providers: createProviders(config), aliases: parseModelAliases(config.modelAliases), ...(clock ? { clock } : {}) });
}

/** MODEL_ALIASES `gpt-4o-mini=llama3.2:3b,…` as catalogue id → the id sent upstream. */
export function parseModelAliases(entries: readonly string[]): ReadonlyMap<string, string> {
  return new Map(
    entries.map((entry) => {
      const match = /^([^=\s]+)\s*=\s*(\S+)$/.exec(entry.trim());
      if (!match) throw new ConfigError(`MODEL_ALIASES entries look like catalogue-id=upstream-id, not "${entry}"`);
      return [match[1] as string, match[2] as string];
    }),
  );
}

function settingsOf(config: ProviderConfig, name: ProviderName): { apiKey: string; baseUrl: string } {
  const info = PROVIDERS[name];
  return { apiKey: config[info.apiKeySetting].trim(), baseUrl: config[info.baseUrlSetting] || info.defaultBaseUrl };
}
