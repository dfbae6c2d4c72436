import { createProviders, modelRouterFromConfig, parseModelAliases } from '.';
import { configuredProviders } from '../../core/models/configuredProviders';
import { ConfigError, loadConfig } from '../../core/config/loadConfig';

/** The configuration the service would read from exactly these variables (and no ambient keys). */
const configFrom = (env: Record<string, string>) => loadConfig({ APP_ENV: 'test', ...env });

describe('which providers are configured', () => {
  it('is none without keys', () => {
    expect(configuredProviders(configFrom({}))).toEqual([]);
    expect(createProviders(configFrom({})).size).toBe(0);
  });

  it('is each provider whose <PROVIDER>_API_KEY is set, with an adapter for each', () => {
    const config = configFrom({ OPENAI_API_KEY: 'sk-x', GROQ_API_KEY: 'gsk-x', GOOGLE_API_KEY: 'AIza-x' });
    expect(configuredProviders(config)).toEqual(['openai', 'google', 'groq']);
    const providers = createProviders(config);
    expect([...providers.keys()]).toEqual(['openai', 'google', 'groq']);
    expect(providers.get('groq')?.name).toBe('groq');
  });

  it('counts a key of blanks as no key', () => {
    expect(configuredProviders(configFrom({ ANTHROPIC_API_KEY: '  ' }))).toEqual([]);
  });

  it('counts a provider moved to a self-hosted address as configured even without a key (Ollama, vLLM, llama.cpp)', () => {
    expect(configuredProviders(configFrom({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }))).toEqual(['openai']);
  });

  it('does not count an address that is the official one written differently', () => {
    expect(configuredProviders(configFrom({ OPENAI_BASE_URL: 'https://api.openai.com/v1/' }))).toEqual([]);
  });
});

describe('MODEL_ALIASES', () => {
  it('maps catalogue ids to the names a self-hosted server knows', () => {
    expect(parseModelAliases(['gpt-4o-mini=llama3.2:3b', ' gpt-4o = qwen2.5:7b-instruct '])).toEqual(
      new Map([
        ['gpt-4o-mini', 'llama3.2:3b'],
        ['gpt-4o', 'qwen2.5:7b-instruct'],
      ]),
    );
  });

  it('refuses an entry without an =', () => {
    expect(() => parseModelAliases(['gpt-4o-mini'])).toThrow(ConfigError);
  });
});

describe('the router built from configuration', () => {
  it('says which of the fifteen models are served here', () => {
    const router = modelRouterFromConfig(configFrom({ XAI_API_KEY: 'xai-x' }));
    expect(router.configuredProviders()).toEqual(['xai']);
    expect(
      router
        .list()
        .filter((m) => m.configured)
        .map((m) => m.id),
    ).toEqual(['grok-3', 'grok-3-mini']);
  });
});
