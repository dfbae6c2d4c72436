import { randomUUID } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { readStream } from '../../core/eventStore';
import { generateKey } from '../support/accounts';
import { anonymousCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { ...modelEnv(), FREE_TIER_DAILY: '50' } });
});
afterAll(() => service.stop());

const post = (path: string, body: unknown, requestId = randomUUID()) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    body: JSON.stringify(body),
  });

describe('models with no provider configured', () => {
  it('lists 15 models from 7 providers with prices, context windows and capabilities, none configured, free and without a key', async () => {
    const response = await fetch(`${service.baseUrl}/models`);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.count).toBe(15);
    expect(new Set(body.models.map((m: { provider: string }) => m.provider)).size).toBe(7);
    expect(body.models.every((m: { configured: boolean }) => !m.configured)).toBe(true);
    expect(body.models.filter((m: { requestable: boolean }) => m.requestable)).toHaveLength(10);
    expect(body.models.find((m: { id: string }) => m.id === 'gpt-4o-mini')).toMatchObject({
      provider: 'openai',
      pricing: { input_per_million_usd: 0.15, output_per_million_usd: 0.6 },
      context_window: 128_000,
      capabilities: ['fast', 'cheap', 'vision', 'streaming'],
    });
    expect(body.providers.find((p: { name: string }) => p.name === 'anthropic')).toMatchObject({ configured: false, api_key_env: 'ANTHROPIC_API_KEY' });
    expect(body.choices).toEqual(expect.arrayContaining(['auto', 'local', 'claude-sonnet-4-6', 'deepseek-reasoner']));
    expect(body._meta).toBeUndefined();

    const vision = await json(fetch(`${service.baseUrl}/models?capability=vision`));
    expect(vision.models.every((m: { capabilities: string[] }) => m.capabilities.includes('vision'))).toBe(true);
  });

  it('answers a generative tool with 503 not_configured naming the variables to set, with no Retry-After, and records nothing', async () => {
    const requestId = randomUUID();
    const response = await post('/decide', { decision: 'Tabs or spaces?' }, requestId);
    expect(response.status).toBe(503);
    // A configuration gap is permanent until an operator acts: nothing to wait for, and SDKs are told not to retry.
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('x-should-retry')).toBe('false');
    const body = await json(response);
    expect(body).toMatchObject({ code: 'not_configured', status: 'not_configured' });
    expect(body).not.toHaveProperty('retry_after');
    expect(body.error).toContain('no model provider is configured');
    for (const variable of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_API_KEY']) {
      expect(body.hint).toContain(variable);
      expect(body.settings).toContain(variable);
    }
    expect(await readStream(service.database.db, `call-${anonymousCallId(requestId)}`)).toEqual([]);
  });

  it('answers a stream request with the same JSON 503, not an event stream', async () => {
    const response = await post('/chat', { message: 'hi', stream: true });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(await json(response)).toMatchObject({ code: 'not_configured' });
  });

  it('answers a model whose provider is not configured the same way, naming that provider’s variable', async () => {
    const response = await post('/translate', { text: 'Hallo', language: 'English', model: 'claude-sonnet-4-6' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await json(response)).toMatchObject({ code: 'not_configured', settings: ['ANTHROPIC_API_KEY'] });
  });

  it('refuses `local` for a tool that has no offline method', async () => {
    const response = await post('/translate', { text: 'Hallo', language: 'English', model: 'local' });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('cannot serve this tool') });
  });

  it('serves /analyze and /changelog offline, saying which method answered', async () => {
    const analysis = await json(
      post('/analyze', { content: 'The app is wonderful and fast. Refunds are terribly slow and the support team is useless. Sales rose 12% in March.' }),
    );
    expect(analysis._meta.model).toBe('local/textrank-vader-rake');
    expect(analysis.insights.map((i: { insight: string }) => i.insight)).toContain('Praise and complaints sit side by side.');

    const changelog = await json(
      post('/changelog', { text: 'a1b2c3d feat: streaming answers\ne4f5a6b fix: refund cut streams', version: '1.9.0', date: '2025-06-01' }),
    );
    expect(changelog._meta.model).toBe('local/conventional-commits');
    expect(changelog.markdown).toBe('## [1.9.0] - 2025-06-01\n\n### Added\n- Streaming answers (a1b2c3d)\n\n### Fixed\n- Refund cut streams (e4f5a6b)');
  });
});

describe('the official OpenAI and Anthropic clients, with their default retries, against a deployment with no provider', () => {
  /** fetch that counts the requests a client makes: a client that retried a permanent 503 would make three. */
  const counted = () => {
    const sent: string[] = [];
    const fetchCounted: typeof fetch = (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input instanceof Request ? input.url : input)}`);
      return fetch(input, init);
    };
    return { sent, fetch: fetchCounted };
  };

  it('OpenAI: chat.completions.create fails at once, one request, with code not_configured (the SDK retried a Retry-After: 60 503 for minutes)', async () => {
    const key = await generateKey(service.baseUrl);
    const requests = counted();
    const openai = new OpenAI({ apiKey: key.key, baseURL: `${service.baseUrl}/v1`, fetch: requests.fetch });
    for (const stream of [false, true]) {
      const failed = await openai.chat.completions.create({ model: 'auto', messages: [{ role: 'user', content: 'Hi' }], stream }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(OpenAI.InternalServerError);
      expect(failed).toMatchObject({ status: 503, code: 'not_configured' });
    }
    expect(requests.sent).toEqual([`POST ${service.baseUrl}/v1/chat/completions`, `POST ${service.baseUrl}/v1/chat/completions`]);
  });

  it('Anthropic: messages.create fails at once, one request, saying not_configured', async () => {
    const key = await generateKey(service.baseUrl);
    const requests = counted();
    const anthropic = new Anthropic({ apiKey: key.key, baseURL: service.baseUrl, fetch: requests.fetch });
    const failed = await anthropic.messages.create({ model: 'auto', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Anthropic.InternalServerError);
    expect((failed as InstanceType<typeof Anthropic.InternalServerError>).error).toMatchObject({
      type: 'error',
      error: { type: 'api_error', code: 'not_configured', settings: expect.arrayContaining(['ANTHROPIC_API_KEY']) },
    });
    expect(requests.sent).toEqual([`POST ${service.baseUrl}/v1/messages`]);
  });
});
