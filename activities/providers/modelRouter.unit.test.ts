import { ApplicationFailure } from '@temporalio/activity';
import { createModelRouter, type ModelProvider, type ModelRouter, type ProviderChoice } from '.';
import { providerFailure } from './providerFailure';
import type { CompletionRequest } from './types';
import { findModel, type LocalServerModel, type ModelInfo, type ProviderName } from '../../schema/models';
import { usdToMicros } from '../../schema/money';

/** A stand-in for a provider's API (the third-party part): answers or fails as scripted, and remembers what it was asked. */
function fakeProvider(name: ProviderName, script: (request: CompletionRequest) => 'ok' | 'rate-limited' | 'refused' = () => 'ok') {
  const asked: CompletionRequest[] = [];
  const reply = (request: CompletionRequest) => {
    asked.push(request);
    const outcome = script(request);
    const context = { model: request.model, baseUrl: 'http://fake' };
    if (outcome === 'rate-limited') throw providerFailure(name, { kind: 'http', status: 429, message: 'slow down' }, context);
    if (outcome === 'refused') throw providerFailure(name, { kind: 'http', status: 400, message: 'bad request' }, context);
    return { text: `${name} says hi`, model: `${request.model}-2026`, usage: { input: 1_000, output: 500 }, finishReason: 'stop' as const };
  };
  const provider: ModelProvider = {
    name,
    complete: async (request) => reply(request),
    async stream(request, onDelta) {
      const completion = reply(request);
      onDelta(completion.text);
      return completion;
    },
  };
  return { provider, asked };
}

function manualClock() {
  let now = Date.parse('2026-01-01T00:00:00Z');
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

function routerWith(...fakes: { provider: ModelProvider }[]): ModelRouter {
  return createModelRouter({ providers: new Map(fakes.map((f) => [f.provider.name as ProviderName, f.provider])) });
}

const ask = { messages: [{ role: 'user' as const, content: 'hello' }] };
const model = (id: string) => findModel(id) as ModelInfo;

async function failureOf(promise: Promise<unknown> | (() => unknown)): Promise<ApplicationFailure> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected an ApplicationFailure');
}

describe('resolving the model parameter', () => {
  const router = routerWith(fakeProvider('openai'), fakeProvider('deepseek'));

  it('takes a missing model as auto when a provider is configured', () => {
    expect(router.resolve(undefined, { need: 'fast', localCapable: true })).toEqual({ kind: 'auto', need: 'fast' });
    expect(router.resolve('auto', { need: 'reasoning', localCapable: false })).toEqual({ kind: 'auto', need: 'reasoning' });
  });

  it('accepts one of the ten ids when its provider is configured', () => {
    expect(router.resolve('gpt-4o', { need: 'fast', localCapable: false })).toEqual({ kind: 'model', model: model('gpt-4o') });
  });

  it('accepts local, and its method names, for a tool the offline provider serves', () => {
    expect(router.resolve('local', { need: 'fast', localCapable: true })).toEqual({ kind: 'local' });
    expect(router.resolve('local/vader', { need: 'fast', localCapable: true })).toEqual({ kind: 'local' });
  });

  it('refuses local for a generative tool with a 400 naming what would do', async () => {
    const failure = await failureOf(() => router.resolve('local', { need: 'reasoning', localCapable: false }));
    expect(failure).toMatchObject({ type: 'InvalidInput', nonRetryable: true });
  });

  it('refuses an unknown model with a 400 listing the valid ones', async () => {
    const failure = await failureOf(() => router.resolve('gpt-5-ultra', { need: 'fast', localCapable: true }));
    expect(failure).toMatchObject({ type: 'InvalidInput', message: 'unknown model "gpt-5-ultra"' });
    expect((failure.details?.[0] as { hint: string }).hint).toContain('auto, local, claude-haiku-4-5, claude-sonnet-4-6');
  });

  it('refuses a catalogue model outside the ten a caller may name', async () => {
    expect(await failureOf(() => router.resolve('deepseek-chat', { need: 'fast', localCapable: true }))).toMatchObject({ type: 'InvalidInput' });
  });

  it('refuses a model that cannot see images for a vision tool', async () => {
    expect(await failureOf(() => router.resolve('deepseek-reasoner', { need: 'vision', localCapable: false }))).toMatchObject({ type: 'InvalidInput' });
  });

  it('answers 503-class ModelUnavailable naming the key to set for a model whose provider is not configured', async () => {
    const failure = await failureOf(() => router.resolve('claude-sonnet-4-6', { need: 'reasoning', localCapable: false }));
    expect(failure).toMatchObject({ type: 'ModelUnavailable', nonRetryable: true });
    expect((failure.details?.[0] as { hint: string }).hint).toContain('ANTHROPIC_API_KEY');
  });
});

describe('auto with no provider configured', () => {
  const router = routerWith();

  it('falls back to the offline provider for a tool it serves', () => {
    expect(router.resolve(undefined, { need: 'fast', localCapable: true })).toEqual({ kind: 'local' });
  });

  it('answers ModelUnavailable for a generative tool, the hint naming every variable that would help', async () => {
    const failure = await failureOf(() => router.resolve('auto', { need: 'reasoning', localCapable: false }));
    expect(failure).toMatchObject({ type: 'ModelUnavailable', nonRetryable: true });
    const { hint } = failure.details?.[0] as { hint: string };
    for (const env of [
      'ANTHROPIC_API_KEY',
      'OPENAI_API_KEY',
      'GOOGLE_API_KEY',
      'DEEPSEEK_API_KEY',
      'MISTRAL_API_KEY',
      'XAI_API_KEY',
      'GROQ_API_KEY',
      'OPENAI_BASE_URL',
    ]) {
      expect(hint).toContain(env);
    }
  });

  it('names only the providers whose models see images when a vision tool finds none', async () => {
    const onlyText = routerWith(fakeProvider('deepseek'));
    const failure = await failureOf(() => onlyText.resolve(undefined, { need: 'vision', localCapable: false }));
    const { hint } = failure.details?.[0] as { hint: string };
    expect(hint).toContain('GOOGLE_API_KEY');
    expect(hint).not.toContain('DEEPSEEK_API_KEY');
    expect(hint).not.toContain('GROQ_API_KEY');
  });
});

describe('auto choosing among configured providers', () => {
  it('picks a fast cheap model for fast work and a reasoning model for reasoning', async () => {
    const router = routerWith(fakeProvider('openai'), fakeProvider('anthropic'));
    expect((await router.complete({ kind: 'auto', need: 'fast' }, ask)).model).toBe('gpt-4o-mini');
    expect((await router.complete({ kind: 'auto', need: 'reasoning' }, ask)).model).toBe('claude-sonnet-4-6');
  });

  it('picks only a model that sees images for vision', async () => {
    const router = routerWith(fakeProvider('deepseek'), fakeProvider('google'));
    expect((await router.complete({ kind: 'auto', need: 'vision' }, ask)).model).toBe('gemini-2.5-flash');
  });

  it("reports the catalogue id, the provider's own name for it, the tokens and their cost", async () => {
    const router = routerWith(fakeProvider('openai'));
    const result = await router.complete({ kind: 'model', model: model('gpt-4o-mini') }, ask);
    // 1000 tokens in at 0.15 USD/M and 500 out at 0.60 USD/M.
    expect(result).toEqual({
      text: 'openai says hi',
      model: 'gpt-4o-mini',
      provider: 'openai',
      upstreamModel: 'gpt-4o-mini-2026',
      usage: { input: 1_000, output: 500 },
      finishReason: 'stop',
      costMicros: 450,
    });
  });

  it('sends 4096 output tokens at most unless asked, and never more than the model allows', async () => {
    const openai = fakeProvider('openai');
    const router = routerWith(openai);
    await router.complete({ kind: 'model', model: model('gpt-4o') }, ask);
    await router.complete({ kind: 'model', model: model('gpt-4o') }, { ...ask, maxTokens: 100_000 });
    expect(openai.asked.map((r) => r.maxTokens)).toEqual([4_096, 16_384]);
  });

  it("sends the upstream name MODEL_ALIASES gives a catalogue model (a self-hosted server's own)", async () => {
    const openai = fakeProvider('openai');
    const router = createModelRouter({ providers: new Map([['openai', openai.provider]]), aliases: new Map([['gpt-4o-mini', 'llama3.2:3b']]) });
    const result = await router.complete({ kind: 'auto', need: 'fast' }, ask);
    expect(openai.asked[0]?.model).toBe('llama3.2:3b');
    expect(result.model).toBe('gpt-4o-mini');
  });
});

describe('auto when a provider fails', () => {
  it('moves on to the next configured provider within the same call', async () => {
    const google = fakeProvider('google', () => 'rate-limited');
    const openai = fakeProvider('openai');
    const router = routerWith(google, openai);
    const result = await router.complete({ kind: 'auto', need: 'fast' }, ask);
    expect(result.model).toBe('gpt-4o-mini');
    expect(google.asked).toHaveLength(1);
  });

  it('skips a provider that failed three times for five minutes, then tries it again', async () => {
    const clock = manualClock();
    let googleDown = true;
    const google = fakeProvider('google', () => (googleDown ? 'rate-limited' : 'ok'));
    const openai = fakeProvider('openai');
    const router = createModelRouter({
      providers: new Map([
        ['google', google.provider],
        ['openai', openai.provider],
      ]),
      clock,
    });
    for (let i = 0; i < 3; i++) await router.complete({ kind: 'auto', need: 'fast' }, ask);
    expect(google.asked).toHaveLength(3);
    await router.complete({ kind: 'auto', need: 'fast' }, ask);
    expect(google.asked).toHaveLength(3);
    clock.advance(5 * 60_000);
    googleDown = false;
    expect((await router.complete({ kind: 'auto', need: 'fast' }, ask)).model).toBe('gemini-2.5-flash');
    expect(google.asked).toHaveLength(4);
  });

  it('answers a retryable UpstreamFailure with the wait when every serving provider is cooling down', async () => {
    const clock = manualClock();
    const router = createModelRouter({ providers: new Map([['groq', fakeProvider('groq', () => 'rate-limited').provider]]), clock });
    for (let i = 0; i < 3; i++) await failureOf(router.complete({ kind: 'auto', need: 'fast' }, ask));
    clock.advance(60_000);
    const failure = await failureOf(router.complete({ kind: 'auto', need: 'fast' }, ask));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false, nextRetryDelay: 4 * 60_000 });
  });

  it('does not move on when the provider refused the request itself (it would refuse it anywhere)', async () => {
    const google = fakeProvider('google', () => 'refused');
    const openai = fakeProvider('openai');
    const failure = await failureOf(routerWith(google, openai).complete({ kind: 'auto', need: 'fast' }, ask));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: true });
    expect(openai.asked).toHaveLength(0);
  });

  it('keeps to the model a caller named, failing rather than answering with another', async () => {
    const google = fakeProvider('google', () => 'rate-limited');
    const openai = fakeProvider('openai');
    const failure = await failureOf(routerWith(google, openai).complete({ kind: 'model', model: model('gemini-2.5-pro') }, ask));
    expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
    expect(openai.asked).toHaveLength(0);
  });

  it('moves a stream on only while nothing has reached the caller', async () => {
    const openai = fakeProvider('openai');
    const failing: ModelProvider = {
      name: 'google',
      complete: () => Promise.reject(new Error('unused')),
      async stream(request, onDelta) {
        onDelta('half an answer');
        throw providerFailure('google', { kind: 'broken-stream', message: 'connection reset' }, { model: request.model, baseUrl: 'http://fake' });
      },
    };
    const router = createModelRouter({
      providers: new Map<ProviderName, ModelProvider>([
        ['google', failing],
        ['openai', openai.provider],
      ]),
    });
    const deltas: string[] = [];
    const failure = await failureOf(router.stream({ kind: 'auto', need: 'fast' }, ask, (d) => deltas.push(d)));
    expect(failure).toMatchObject({ type: 'UpstreamFailure' });
    expect(deltas).toEqual(['half an answer']);
    expect(openai.asked).toHaveLength(0);
  });

  it('streams from the next provider when the first failed before sending anything', async () => {
    const router = routerWith(
      fakeProvider('google', () => 'rate-limited'),
      fakeProvider('openai'),
    );
    const deltas: string[] = [];
    const result = await router.stream({ kind: 'auto', need: 'fast' }, ask, (d) => deltas.push(d));
    expect(deltas).toEqual(['openai says hi']);
    expect(result.provider).toBe('openai');
  });
});

describe('listing models', () => {
  it('lists all fifteen, saying which are configured here', () => {
    const list = routerWith(fakeProvider('mistral')).list();
    expect(list).toHaveLength(15);
    expect(list.filter((m) => m.configured).map((m) => m.id)).toEqual(['mistral-large-latest', 'mistral-small-latest']);
  });
});

describe('local model servers the probe found', () => {
  const server = (id: string, port: number, inputUsd = 0): LocalServerModel => ({
    id,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    ownedBy: 'library',
    inputPerMillion: usdToMicros(inputUsd),
    outputPerMillion: usdToMicros(0),
  });
  const served = [server('nomic-embed-text', 11434), server('llama3.2:3b', 11434), server('qwen2.5-7b-instruct', 1234, 1)];

  /** The local servers' side, as scripted as the providers' (one adapter per address, as the router asks for them). */
  function localRouter(script: (baseUrl: string) => 'ok' | 'rate-limited' = () => 'ok', ...fakes: { provider: ModelProvider }[]) {
    const asked: { baseUrl: string; request: CompletionRequest }[] = [];
    const adapter = (baseUrl: string): ModelProvider => {
      const reply = (request: CompletionRequest) => {
        asked.push({ baseUrl, request });
        if (script(baseUrl) === 'rate-limited')
          throw providerFailure({ localServer: baseUrl }, { kind: 'http', status: 503, message: 'loading' }, { model: request.model, baseUrl });
        return { text: 'local says hi', model: request.model, usage: { input: 1_000_000, output: 10 }, finishReason: 'stop' as const };
      };
      return { name: 'local-server', complete: async (request) => reply(request), stream: async (request) => reply(request) };
    };
    const router = createModelRouter({
      providers: new Map(fakes.map((f) => [f.provider.name as ProviderName, f.provider])),
      localServers: () => served,
      localServerProvider: adapter,
    });
    return { router, asked };
  }

  it('serves `auto` for a generative tool with no provider configured, on the first model of a server that is not an embedding model', async () => {
    const { router, asked } = localRouter();
    const choice = router.resolve(undefined, { need: 'fast', localCapable: false });
    expect(choice).toEqual({ kind: 'auto', need: 'fast' });
    const answer = await router.complete(choice as ProviderChoice, ask);
    expect(answer).toMatchObject({ model: 'llama3.2:3b', provider: 'local-server', costMicros: 0 });
    expect(asked.map((a) => [a.baseUrl, a.request.model])).toEqual([['http://127.0.0.1:11434/v1', 'llama3.2:3b']]);
  });

  it('keeps a tool the offline provider serves offline, and finds none for images', async () => {
    const { router } = localRouter();
    expect(router.resolve('auto', { need: 'fast', localCapable: true })).toEqual({ kind: 'local' });
    expect(await failureOf(() => router.resolve('auto', { need: 'vision', localCapable: false }))).toMatchObject({ type: 'ModelUnavailable' });
  });

  it('answers a model named by its id on its own server, at its configured price', async () => {
    const { router, asked } = localRouter();
    const choice = router.resolve('qwen2.5-7b-instruct', { need: 'reasoning', localCapable: true });
    expect(choice).toEqual({ kind: 'server', model: served[2] });
    // 1,000,000 input tokens at 1 USD a million.
    expect(await router.complete(choice as ProviderChoice, ask)).toMatchObject({ model: 'qwen2.5-7b-instruct', costMicros: 1_000_000 });
    expect(asked[0]!.baseUrl).toBe('http://127.0.0.1:1234/v1');
    expect(await failureOf(() => router.resolve('llama3.2:3b', { need: 'vision', localCapable: false }))).toMatchObject({
      type: 'InvalidInput',
      message: 'llama3.2:3b is not known to read images',
    });
    const unknown = await failureOf(() => router.resolve('llama3', { need: 'fast', localCapable: false }));
    expect((unknown.details?.[0] as { hint: string }).hint).toContain('llama3.2:3b');
  });

  it('puts the configured providers first under `auto`, and moves on to a local server when they fail', async () => {
    const openai = fakeProvider('openai', () => 'rate-limited');
    const { router, asked } = localRouter(() => 'ok', openai);
    const answer = await router.complete({ kind: 'auto', need: 'fast' }, ask);
    expect(openai.asked.map((r) => r.model)).toEqual(['gpt-4o-mini']);
    expect(answer.model).toBe('llama3.2:3b');
    expect(asked).toHaveLength(1);
  });

  it("names the local server, not a provider's key, when it fails", async () => {
    const { router } = localRouter(() => 'rate-limited');
    const failure = await failureOf(router.complete({ kind: 'auto', need: 'fast' }, ask));
    expect(failure.message).toBe('The local model server at http://127.0.0.1:1234/v1 answered 503: loading');
  });
});
