import { type Config, ConfigError } from '../../schema/config';
import type { Clock } from '../../core/ledger/clock';
import type { ProviderName } from '../../schema/models';
import { configuredProviders, type ProviderConfig as ProviderSettings, providerSettings } from '../../core/models/configuredProviders';
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

type ProviderConfig = ProviderSettings & Pick<Config, 'modelTimeoutSeconds'>;

/** One adapter per configured provider; an unconfigured one is simply absent. */
export function createProviders(config: ProviderConfig): ReadonlyMap<ProviderName, ModelProvider> {
  const timeoutMs = config.modelTimeoutSeconds * 1000;
  return new Map(
    configuredProviders(config).map((name) => {
      const { apiKey, baseUrl } = providerSettings(config, name);
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
