import { type Config } from '../../schema/config';
import type { Clock } from '../../core/clock/clock';
import { LOCAL_SERVER_PROVIDER, type LocalServerModel, type ProviderName } from '../../schema/models';
import { ConfigError } from '../../core/config/loadConfig';
import { configuredProviders, type ProviderConfig as ProviderSettings, providerSettings } from '../../core/models/configuredProviders';
import type { CircuitBreakerOptions } from './circuitBreaker';
import { createModelRouter, type ModelRouter } from './modelRouter';
import type { EmbeddingAdapter, ModelProvider, ProviderConnection } from './types';

type Adapter = (connection: ProviderConnection) => ModelProvider;

/**
 * Each adapter's module (and so its SDK, tens of MB each) is loaded when its provider is first used: a worker holds
 * the SDKs of the providers it calls, not of all seven.
 */
const ADAPTERS: Readonly<Record<ProviderName, () => Promise<Adapter>>> = {
  anthropic: async () => (await import('./anthropic.js')).createAnthropicProvider,
  openai: async () => openAiCompatible('openai'),
  google: async () => (await import('./google.js')).createGoogleProvider,
  deepseek: async () => openAiCompatible('deepseek'),
  mistral: async () => (await import('./mistral.js')).createMistralProvider,
  xai: async () => openAiCompatible('xai'),
  groq: async () => (await import('./groq.js')).createGroqProvider,
};

async function openAiCompatible(name: 'openai' | 'deepseek' | 'xai'): Promise<Adapter> {
  const { createOpenAICompatibleProvider } = await import('./openaiCompatible.js');
  return (connection) => createOpenAICompatibleProvider(name, connection);
}

/** A provider whose adapter is built on its first request. */
function lazyProvider(name: ModelProvider['name'], build: () => Promise<ModelProvider>): ModelProvider {
  let adapter: Promise<ModelProvider> | undefined;
  const load = () => (adapter ??= build());
  return {
    name,
    complete: async (request, signal) => (await load()).complete(request, signal),
    stream: async (request, onDelta, signal) => (await load()).stream(request, onDelta, signal),
  };
}

/** Sent where a self-hosted server needs no key but the SDK insists on one. */
const NO_KEY = 'not-needed';

type ProviderConfig = ProviderSettings & Pick<Config, 'modelTimeoutSeconds'>;

/** One adapter per configured provider; an unconfigured one is simply absent. */
export function createProviders(config: ProviderConfig): ReadonlyMap<ProviderName, ModelProvider> {
  const timeoutMs = config.modelTimeoutSeconds * 1000;
  return new Map(
    configuredProviders(config).map((name) => {
      const { apiKey, baseUrl } = providerSettings(config, name);
      const connection = { apiKey: apiKey || NO_KEY, baseUrl, timeoutMs };
      return [name, lazyProvider(name, () => ADAPTERS[name]().then((create) => create(connection)))];
    }),
  );
}

type EmbeddingProviderName = 'openai' | 'google' | 'mistral';

/** The providers with an embeddings API (schema/models/embeddingCatalogue.ts), each adapter's SDK loaded on first use. */
const EMBEDDING_ADAPTERS: Readonly<Record<EmbeddingProviderName, () => Promise<(connection: ProviderConnection) => EmbeddingAdapter>>> = {
  openai: async () => {
    const { createOpenAICompatibleEmbedder } = await import('./openaiCompatible.js');
    return (connection) => createOpenAICompatibleEmbedder('openai', connection);
  },
  google: async () => (await import('./google.js')).createGoogleEmbedder,
  mistral: async () => (await import('./mistral.js')).createMistralEmbedder,
};

/** One embeddings adapter per configured provider that has an embeddings API. */
export function createEmbeddingAdapters(config: ProviderConfig): ReadonlyMap<ProviderName, EmbeddingAdapter> {
  const timeoutMs = config.modelTimeoutSeconds * 1000;
  const names = configuredProviders(config).filter((name): name is EmbeddingProviderName => name in EMBEDDING_ADAPTERS);
  return new Map(
    names.map((name) => {
      const { apiKey, baseUrl } = providerSettings(config, name);
      const connection = { apiKey: apiKey || NO_KEY, baseUrl, timeoutMs };
      let adapter: Promise<EmbeddingAdapter> | undefined;
      const load = () => (adapter ??= EMBEDDING_ADAPTERS[name]().then((create) => create(connection)));
      return [name, { name, embed: async (request, signal) => (await load()).embed(request, signal) } satisfies EmbeddingAdapter];
    }),
  );
}

/** A local server the probe found, through the OpenAI-compatible adapter (built on its first request). */
export function createLocalServerProvider(baseUrl: string, config: Pick<Config, 'modelTimeoutSeconds'>): ModelProvider {
  const connection = { apiKey: NO_KEY, baseUrl, timeoutMs: config.modelTimeoutSeconds * 1000 };
  return lazyProvider(LOCAL_SERVER_PROVIDER, async () =>
    (await import('./openaiCompatible.js')).createOpenAICompatibleProvider({ localServer: baseUrl }, connection),
  );
}

/**
 * The router the activities use: every configured provider, MODEL_ALIASES applied, and the models local servers
 * serve as the worker's probe last found them (none without one).
 */
export function modelRouterFromConfig(
  config: ProviderConfig & Pick<Config, 'modelAliases'>,
  clock?: Clock,
  localServers?: () => readonly LocalServerModel[],
  onCircuitChange?: CircuitBreakerOptions['onChange'],
): ModelRouter {
  return createModelRouter({
    providers: createProviders(config),
    aliases: parseModelAliases(config.modelAliases),
    ...(clock ? { clock } : {}),
    ...(onCircuitChange ? { circuitBreaker: { onChange: onCircuitChange } } : {}),
    ...(localServers ? { localServers, localServerProvider: (baseUrl: string) => createLocalServerProvider(baseUrl, config) } : {}),
  });
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
