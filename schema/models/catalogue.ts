import { type Micros, usdToMicros } from '../money';
import type { ProviderName } from './providers';

/** `cheap`: at most 0.30 USD in and 1.10 USD out per million tokens. `fast`: a small or speed-tuned model. */
export type Capability = 'fast' | 'cheap' | 'reasoning' | 'vision' | 'streaming';

export interface ModelInfo {
  /** The provider's own model id, sent upstream as is (unless MODEL_ALIASES renames it for a self-hosted server). */
  readonly id: string;
  readonly provider: ProviderName;
  readonly name: string;
  /** List price in micro-USD per million tokens. */
  readonly inputPerMillion: Micros;
  readonly outputPerMillion: Micros;
  readonly contextWindow: number;
  readonly maxOutputTokens: number;
  readonly capabilities: readonly Capability[];
  /** One of the ten ids the spec lets a caller name in `model`; the other five are listed and only `auto` picks them. */
  readonly requestable: boolean;
}

const perMillion = (usd: string): Micros => usdToMicros(usd);

/**
 * The fifteen models of GET /models (the incumbent's list, with Groq in place of its "together" provider).
 * Prices are the incumbent's figures in USD per million tokens; limits are the providers' published ones.
 */
const CATALOGUE = [
  {
    id: 'claude-haiku-4-5',
    provider: 'anthropic',
    name: 'Claude Haiku 4.5',
    inputPerMillion: perMillion('0.8'),
    outputPerMillion: perMillion('4'),
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    capabilities: ['fast', 'vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'claude-sonnet-4-6',
    provider: 'anthropic',
    name: 'Claude Sonnet 4.6',
    inputPerMillion: perMillion('3'),
    outputPerMillion: perMillion('15'),
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    capabilities: ['reasoning', 'vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'claude-opus-4-6',
    provider: 'anthropic',
    name: 'Claude Opus 4.6',
    inputPerMillion: perMillion('15'),
    outputPerMillion: perMillion('75'),
    contextWindow: 200_000,
    maxOutputTokens: 128_000,
    capabilities: ['reasoning', 'vision', 'streaming'],
    requestable: false,
  },
  {
    id: 'gpt-4o',
    provider: 'openai',
    name: 'GPT-4o',
    inputPerMillion: perMillion('2.5'),
    outputPerMillion: perMillion('10'),
    contextWindow: 128_000,
    maxOutputTokens: 16_384,
    capabilities: ['vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'gpt-4o-mini',
    provider: 'openai',
    name: 'GPT-4o mini',
    inputPerMillion: perMillion('0.15'),
    outputPerMillion: perMillion('0.6'),
    contextWindow: 128_000,
    maxOutputTokens: 16_384,
    capabilities: ['fast', 'cheap', 'vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'gemini-2.5-pro',
    provider: 'google',
    name: 'Gemini 2.5 Pro',
    inputPerMillion: perMillion('1.25'),
    outputPerMillion: perMillion('10'),
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    capabilities: ['reasoning', 'vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'gemini-2.5-flash',
    provider: 'google',
    name: 'Gemini 2.5 Flash',
    inputPerMillion: perMillion('0.15'),
    outputPerMillion: perMillion('0.6'),
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    capabilities: ['fast', 'cheap', 'vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'deepseek-chat',
    provider: 'deepseek',
    name: 'DeepSeek Chat',
    inputPerMillion: perMillion('0.27'),
    outputPerMillion: perMillion('1.1'),
    contextWindow: 128_000,
    maxOutputTokens: 8_192,
    capabilities: ['cheap', 'streaming'],
    requestable: false,
  },
  {
    id: 'deepseek-reasoner',
    provider: 'deepseek',
    name: 'DeepSeek Reasoner',
    inputPerMillion: perMillion('0.55'),
    outputPerMillion: perMillion('2.19'),
    contextWindow: 128_000,
    maxOutputTokens: 65_536,
    capabilities: ['reasoning', 'streaming'],
    requestable: true,
  },
  {
    id: 'mistral-large-latest',
    provider: 'mistral',
    name: 'Mistral Large',
    inputPerMillion: perMillion('2'),
    outputPerMillion: perMillion('6'),
    contextWindow: 128_000,
    maxOutputTokens: 32_768,
    capabilities: ['reasoning', 'vision', 'streaming'],
    requestable: true,
  },
  {
    id: 'mistral-small-latest',
    provider: 'mistral',
    name: 'Mistral Small',
    inputPerMillion: perMillion('0.1'),
    outputPerMillion: perMillion('0.3'),
    contextWindow: 128_000,
    maxOutputTokens: 32_768,
    capabilities: ['fast', 'cheap', 'vision', 'streaming'],
    requestable: false,
  },
  {
    id: 'grok-3',
    provider: 'xai',
    name: 'Grok 3',
    inputPerMillion: perMillion('3'),
    outputPerMillion: perMillion('15'),
    contextWindow: 131_072,
    maxOutputTokens: 16_384,
    capabilities: ['reasoning', 'streaming'],
    requestable: false,
  },
  {
    id: 'grok-3-mini',
    provider: 'xai',
    name: 'Grok 3 Mini',
    inputPerMillion: perMillion('0.3'),
    outputPerMillion: perMillion('0.5'),
    contextWindow: 131_072,
    maxOutputTokens: 16_384,
    capabilities: ['fast', 'cheap', 'reasoning', 'streaming'],
    requestable: true,
  },
  {
    id: 'llama-3.3-70b-versatile',
    provider: 'groq',
    name: 'Llama 3.3 70B (Groq)',
    inputPerMillion: perMillion('0.59'),
    outputPerMillion: perMillion('0.79'),
    contextWindow: 131_072,
    maxOutputTokens: 32_768,
    capabilities: ['fast', 'streaming'],
    requestable: true,
  },
  {
    id: 'llama-3.1-8b-instant',
    provider: 'groq',
    name: 'Llama 3.1 8B Instant (Groq)',
    inputPerMillion: perMillion('0.05'),
    outputPerMillion: perMillion('0.08'),
    contextWindow: 131_072,
    maxOutputTokens: 131_072,
    capabilities: ['fast', 'cheap', 'streaming'],
    requestable: false,
  },
] as const satisfies readonly ModelInfo[];

/** The literal ids, so preference lists and tests cannot name a model that does not exist. */
export type ModelId = (typeof CATALOGUE)[number]['id'];

export const MODELS: readonly ModelInfo[] = CATALOGUE;

/** `auto`: the service picks. `local`: the offline provider, no keys, no network. */
export const AUTO_MODEL = 'auto';
export const LOCAL_MODEL = 'local';

/** Every value the `model` parameter accepts, as a 400 lists them. */
export const MODEL_CHOICES: readonly string[] = [AUTO_MODEL, LOCAL_MODEL, ...MODELS.filter((m) => m.requestable).map((m) => m.id)];

const byId = new Map<string, ModelInfo>(MODELS.map((m) => [m.id, m]));

export function findModel(id: string): ModelInfo | undefined {
  return byId.get(id);
}

/** `local` and the method-named `local/vader`, `local/textrank` … that `_meta.model` reports. */
export function isLocalModel(id: string): boolean {
  return id === LOCAL_MODEL || id.startsWith(`${LOCAL_MODEL}/`);
}
