import { SETTINGS } from '../config';
import { AUTO_PREFERENCE, findModel, MODEL_CHOICES, MODELS, PROVIDER_NAMES, PROVIDERS } from '.';
import { MICROS_PER_USD } from '../money';

describe('the model catalogue', () => {
  it('lists 15 models from 7 providers, each with a unique id', () => {
    expect(MODELS).toHaveLength(15);
    expect(new Set(MODELS.map((m) => m.id)).size).toBe(15);
    expect(new Set(MODELS.map((m) => m.provider))).toEqual(new Set(PROVIDER_NAMES));
    expect(PROVIDER_NAMES).toHaveLength(7);
  });

  it('lets a caller name ten of them, from all seven providers, besides auto and local', () => {
    const requestable = MODELS.filter((m) => m.requestable);
    expect(requestable).toHaveLength(10);
    expect(new Set(requestable.map((m) => m.provider)).size).toBe(7);
    expect(MODEL_CHOICES).toEqual(['auto', 'local', ...requestable.map((m) => m.id)]);
    // Fast and cheap, reasoning and multimodal models are all among them, as the spec says.
    for (const capability of ['fast', 'cheap', 'reasoning', 'vision'] as const) expect(requestable.some((m) => m.capabilities.includes(capability))).toBe(true);
  });

  it('prices every model in whole micro-USD per million tokens', () => {
    for (const model of MODELS) {
      expect(Number.isSafeInteger(model.inputPerMillion)).toBe(true);
      expect(Number.isSafeInteger(model.outputPerMillion)).toBe(true);
    }
    expect(findModel('claude-haiku-4-5')).toMatchObject({ inputPerMillion: 800_000, outputPerMillion: 4_000_000 });
    expect(findModel('gpt-4o-mini')).toMatchObject({ inputPerMillion: 150_000, outputPerMillion: 600_000 });
  });

  it('calls a model cheap exactly when it costs at most 0.30 USD in and 1.10 USD out per million tokens', () => {
    for (const model of MODELS) {
      const cheap = model.inputPerMillion <= 0.3 * MICROS_PER_USD && model.outputPerMillion <= 1.1 * MICROS_PER_USD;
      expect([model.id, model.capabilities.includes('cheap')]).toEqual([model.id, cheap]);
    }
  });

  it('gives auto an order for fast and reasoning work over every model, and for vision over the models that see', () => {
    const all = MODELS.map((m) => m.id).sort();
    expect([...AUTO_PREFERENCE.fast].sort()).toEqual(all);
    expect([...AUTO_PREFERENCE.reasoning].sort()).toEqual(all);
    const seeing = MODELS.filter((m) => m.capabilities.includes('vision'))
      .map((m) => m.id)
      .sort();
    expect([...AUTO_PREFERENCE.vision].sort()).toEqual(seeing);
  });

  it("names each provider's key <PROVIDER>_API_KEY and its address <PROVIDER>_BASE_URL, defaulting to the official one", () => {
    for (const name of PROVIDER_NAMES) {
      const info = PROVIDERS[name];
      expect(info.apiKeyEnv).toBe(`${name.toUpperCase()}_API_KEY`);
      expect(info.baseUrlEnv).toBe(`${name.toUpperCase()}_BASE_URL`);
      expect(info.defaultBaseUrl).toBe(SETTINGS[info.baseUrlSetting].default);
      expect(info.defaultBaseUrl).toMatch(/^https:\/\//);
    }
    expect(PROVIDERS.openai.defaultBaseUrl).toBe('https://api.openai.com/v1');
    expect(PROVIDERS.groq.defaultBaseUrl).toBe('https://api.groq.com');
  });
});
