import { modelSettings } from './modelSettings';

export type ProviderName = 'anthropic' | 'openai' | 'google' | 'deepseek' | 'mistral' | 'xai' | 'groq';

/** The config keys of a provider's key and address: `openaiApiKey`, `openaiBaseUrl` … */
export type ApiKeySetting = `${ProviderName}ApiKey` & keyof typeof modelSettings;
export type BaseUrlSetting = `${ProviderName}BaseUrl` & keyof typeof modelSettings;

export interface ProviderInfo {
  readonly name: ProviderName;
  readonly displayName: string;
  /** The config keys holding this provider's key and address; the env names and defaults below derive from them. */
  readonly apiKeySetting: ApiKeySetting;
  readonly baseUrlSetting: BaseUrlSetting;
  /** `<PROVIDER>_API_KEY`: named in every "not configured" hint. */
  readonly apiKeyEnv: string;
  /** `<PROVIDER>_BASE_URL`: the provider's official address unless set. */
  readonly baseUrlEnv: string;
  readonly defaultBaseUrl: string;
}

function provider(name: ProviderName, displayName: string, apiKeySetting: ApiKeySetting, baseUrlSetting: BaseUrlSetting): ProviderInfo {
  // The settings table is the one place env names and defaults are written; this table only points at it.
  const { env: apiKeyEnv } = modelSettings[apiKeySetting];
  const { env: baseUrlEnv, default: defaultBaseUrl } = modelSettings[baseUrlSetting];
  return { name, displayName, apiKeySetting, baseUrlSetting, apiKeyEnv, baseUrlEnv, defaultBaseUrl };
}

/** The seven providers, in the order GET /models lists them. */
export const PROVIDERS: Readonly<Record<ProviderName, ProviderInfo>> = {
  anthropic: provider('anthropic', 'Anthropic', 'anthropicApiKey', 'anthropicBaseUrl'),
  openai: provider('openai', 'OpenAI', 'openaiApiKey', 'openaiBaseUrl'),
  google: provider('google', 'Google Gemini', 'googleApiKey', 'googleBaseUrl'),
  deepseek: provider('deepseek', 'DeepSeek', 'deepseekApiKey', 'deepseekBaseUrl'),
  mistral: provider('mistral', 'Mistral AI', 'mistralApiKey', 'mistralBaseUrl'),
  xai: provider('xai', 'xAI', 'xaiApiKey', 'xaiBaseUrl'),
  groq: provider('groq', 'Groq', 'groqApiKey', 'groqBaseUrl'),
};

export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];
