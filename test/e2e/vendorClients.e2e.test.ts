import { randomUUID } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';

let model: ScriptedModelServer;
let service: TestService;
let key: TestKey;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  model = await startScriptedModelServer();
  service = await startTestService({ env: { ...modelEnv(model.baseUrl), FREE_TIER_DAILY: '50' } });
  key = await generateKey(service.baseUrl);
  openai = new OpenAI({ apiKey: key.key, baseURL: `${service.baseUrl}/v1`, maxRetries: 0 });
  anthropic = new Anthropic({ apiKey: key.key, baseURL: service.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await service.stop();
  await model.close();
});

const balanceMicros = async () => Math.round((await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd * 1e6);
/** What the call the test's key made with this request id was charged (the id in the key's account's namespace). */
const settledMicros = async (requestId: string) => {
  const history = await readStream(service.database.db, `call-${keyCallId(key.keyId, requestId)}`);
  return (history.find((e) => e.type === 'ToolCallCompleted')?.data as { chargedMicros: number } | undefined)?.chargedMicros;
};
const upstream = () => model.received.at(-1)!.body;

describe('the official OpenAI client against /v1/chat/completions', () => {
  it('gets a chat.completion with usage, billed like /chat through the same workflow and ledger', async () => {
    model.answer({ text: 'Rome is the capital of Italy.', usage: { prompt: 21, completion: 8 } });
    const before = await balanceMicros();
    const requestId = randomUUID();
    const completion = await openai.chat.completions.create(
      {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Answer in one sentence.' },
          { role: 'user', content: 'Capital of Italy?' },
        ],
        max_tokens: 40,
        temperature: 0.2,
      },
      { headers: { 'X-Request-Id': requestId } },
    );
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Rome is the capital of Italy.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 21, completion_tokens: 8, total_tokens: 29 },
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(upstream()).toMatchObject({
      max_tokens: 40,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Answer in one sentence.' },
        { role: 'user', content: 'Capital of Italy?' },
      ],
    });
    expect(await settledMicros(requestId)).toBe(20_000);
    expect(await balanceMicros()).toBe(before - 20_000);
  });

  it('streams chat.completion.chunk events ending with [DONE], the text in pieces and the usage in a last chunk', async () => {
    const text = 'Event sourcing keeps every change as a fact, so the ledger can be replayed.';
    model.answer({ text, pieces: 6, pieceDelayMs: 40, usage: { prompt: 30, completion: 17 } });
    const requestId = randomUUID();
    const stream = await openai.chat.completions.create(
      { model: 'auto', messages: [{ role: 'user', content: 'Why event sourcing?' }], stream: true, stream_options: { include_usage: true } },
      { headers: { 'X-Request-Id': requestId } },
    );
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const pieces = chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? '')).filter(Boolean);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 30, completion_tokens: 17, total_tokens: 47 }, model: 'gpt-4o-mini' });
    expect(new Set(chunks.map((c) => c.id))).toEqual(new Set([chunks[0]!.id]));
    expect(upstream().stream).toBe(true);
    expect(await settledMicros(requestId)).toBe(20_000);
  });

  it('accumulates a streamed answer with the client’s stream helper, stopping before a stop sequence', async () => {
    model.answer({ text: 'First point.\nEND\nSecond point.', pieces: 8, pieceDelayMs: 20 });
    const runner = openai.chat.completions.stream({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Points?' }], stop: ['\nEND'] });
    const deltas: string[] = [];
    runner.on('content', (delta) => deltas.push(delta));
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe('First point.');
    expect(deltas.join('')).toBe('First point.');
    expect(final.choices[0]!.finish_reason).toBe('stop');
  });

  it('charges a metered call by its tokens when asked with X-Pricing: metered', async () => {
    model.answer({ text: 'Short.', usage: { prompt: 12, completion: 2 } });
    const before = await balanceMicros();
    const requestId = randomUUID();
    const { data, response } = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Be short.' }] }, { headers: { 'X-Pricing': 'metered', 'X-Request-Id': requestId } })
      .withResponse();
    expect(response.status).toBe(200);
    const meta = (data as unknown as { _meta: { pricing: string; cost_usd: number } })._meta;
    expect(meta.pricing).toBe('metered');
    const charged = await settledMicros(requestId);
    expect(charged).toBe(Math.round(meta.cost_usd * 1e6));
    expect(charged).toBeLessThan(20_000);
    expect(await balanceMicros()).toBe(before - charged!);
  });

  it("refuses in OpenAI's error shape: a bad key, a missing field (named in param), an unknown model", async () => {
    const stranger = new OpenAI({ apiKey: 'apk_not-a-real-key', baseURL: `${service.baseUrl}/v1`, maxRetries: 0 });
    const unauthorized = await stranger.chat.completions.create({ model: 'auto', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unauthorized).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });

    const missing = await fetch(`${service.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...key.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'auto' }),
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toMatchObject({ message: 'missing required field "messages"', type: 'invalid_request_error', param: 'messages' });

    const unknown = await openai.chat.completions.create({ model: 'gpt-9', messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.BadRequestError);
    expect(unknown).toMatchObject({ status: 400, param: 'model', code: 'model_not_found' });
    expect((unknown as Error).message).toContain('unknown model "gpt-9"');
  });

  it('lists `auto` and the models configured here with models.list(), and retrieves one with models.retrieve()', async () => {
    const listed: OpenAI.Model[] = [];
    for await (const one of openai.models.list()) listed.push(one);
    expect(listed.map((m) => m.id)).toEqual(['auto', 'gpt-4o', 'gpt-4o-mini']);
    expect(listed[1]).toEqual({ id: 'gpt-4o', object: 'model', created: expect.any(Number), owned_by: 'openai' });

    expect(await openai.models.retrieve('gpt-4o-mini')).toEqual({ id: 'gpt-4o-mini', object: 'model', created: listed[0]!.created, owned_by: 'openai' });
  });

  it("answers an id it does not serve, and a path or method it does not have, with OpenAI's 404 and 405", async () => {
    const unconfigured = await openai.models.retrieve('claude-sonnet-4-6').catch((e: unknown) => e);
    expect(unconfigured).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unconfigured as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({
      message: 'model "claude-sonnet-4-6" is not served here',
      type: 'not_found_error',
      param: null,
    });

    const path = await openai.get('/embeddingz').catch((e: unknown) => e);
    expect(path).toBeInstanceOf(OpenAI.NotFoundError);
    expect((path as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({ message: 'no endpoint at /v1/embeddingz', type: 'not_found_error' });

    const method = await openai.delete('/models').catch((e: unknown) => e);
    expect(method).toMatchObject({ status: 405, error: { message: 'DELETE is not allowed on /v1/models; use GET', type: 'invalid_request_error' } });
  });
});

describe('the official Anthropic client against /v1/models, with request ids', () => {
  it('lists the models with models.list(), page by page, and retrieves one with models.retrieve()', async () => {
    const all: Anthropic.ModelInfo[] = [];
    for await (const one of anthropic.models.list()) all.push(one);
    expect(all.map((m) => m.id)).toEqual(['auto', 'gpt-4o', 'gpt-4o-mini']);
    expect(all[2]).toEqual({
      type: 'model',
      id: 'gpt-4o-mini',
      display_name: 'GPT-4o mini',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      max_input_tokens: 128_000,
      max_tokens: 8192,
    });

    // One model a page: the client follows has_more and last_id by itself.
    const paged: string[] = [];
    for await (const one of anthropic.models.list({ limit: 1 })) paged.push(one.id);
    expect(paged).toEqual(['auto', 'gpt-4o', 'gpt-4o-mini']);
    const first = await anthropic.models.list({ limit: 2 });
    expect(first).toMatchObject({ has_more: true, first_id: 'auto', last_id: 'gpt-4o' });
    const back = await anthropic.models.list({ limit: 1, before_id: 'gpt-4o-mini' });
    expect(back).toMatchObject({ data: [{ id: 'gpt-4o' }], has_more: true, first_id: 'gpt-4o', last_id: 'gpt-4o' });

    const model = await anthropic.models.retrieve('gpt-4o');
    expect(model).toMatchObject({ type: 'model', id: 'gpt-4o', display_name: 'GPT-4o', max_input_tokens: 128_000 });
    expect(model._request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers an id it does not serve, and a path it does not have, with Anthropic's 404", async () => {
    const unknown = await anthropic.models.retrieve('gpt-4o-maxi').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError);
    expect((unknown as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error', message: 'model "gpt-4o-maxi" is not served here', suggestion: 'gpt-4o-mini' },
    });
    expect((unknown as InstanceType<typeof Anthropic.NotFoundError>).requestID).toMatch(/^[0-9a-f-]{36}$/);

    const path = await anthropic.get('/v1/messages/batches').catch((e: unknown) => e);
    expect(path).toBeInstanceOf(Anthropic.NotFoundError);
    expect((path as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    const stale = await anthropic.models.list({ after_id: 'gpt-3' }).catch((e: unknown) => e);
    expect(stale).toMatchObject({
      status: 400,
      error: { type: 'error', error: { type: 'invalid_request_error', message: 'after_id: "gpt-3" is not a model listed here' } },
    });
  });

  it('gives every answer a request id the client reads: the caller’s X-Request-Id, or a new one', async () => {
    model.answer({ text: 'Hi.' }, { text: 'Streamed hi.', pieces: 2 });
    const requestId = randomUUID();
    const message = await anthropic.messages.create(
      { model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] },
      { headers: { 'X-Request-Id': requestId } },
    );
    expect(message._request_id).toBe(requestId);
    const { request_id: fresh } = await anthropic.models.list().withResponse();
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    const stream = anthropic.messages.stream({ model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] });
    await stream.finalMessage();
    expect(stream.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the official Anthropic client against /v1/messages', () => {
  it('gets a message without streaming', async () => {
    model.answer({ text: 'Hello from the gateway.', usage: { prompt: 9, completion: 5 } });
    const message = await anthropic.messages.create({ model: 'gpt-4o-mini', max_tokens: 64, messages: [{ role: 'user', content: 'Hello?' }] });
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello from the gateway.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 9, output_tokens: 5 },
    });
  });

  it("streams Anthropic's events, from message_start to message_stop, the final message built by the client", async () => {
    const text = 'Durable workflows resume after a crash without charging twice.';
    model.answer({ text, pieces: 5, pieceDelayMs: 40, usage: { prompt: 14, completion: 11 } });
    const requestId = randomUUID();
    const stream = anthropic.messages.stream(
      { model: 'gpt-4o-mini', max_tokens: 128, messages: [{ role: 'user', content: 'Why durable workflows?' }] },
      { headers: { 'X-Request-Id': requestId } },
    );
    const types: string[] = [];
    const pieces: string[] = [];
    stream.on('streamEvent', (event) => types.push(event.type));
    stream.on('text', (piece) => pieces.push(piece));
    const message = await stream.finalMessage();
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
    expect(message).toMatchObject({ content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 14, output_tokens: 11 } });
    expect(types[0]).toBe('message_start');
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(types.filter((t) => t === 'content_block_delta').length).toBe(pieces.length);
    expect(await settledMicros(requestId)).toBe(20_000);
  });

  it('streams up to the first stop sequence and names it in message_delta', async () => {
    model.answer({ text: 'Yes. STOP No.', pieces: 6, pieceDelayMs: 20 });
    const stream = anthropic.messages.stream({ model: 'gpt-4o-mini', max_tokens: 32, stop_sequences: ['STOP'], messages: [{ role: 'user', content: 'Yes?' }] });
    const pieces: string[] = [];
    stream.on('text', (piece) => pieces.push(piece));
    const message = await stream.finalMessage();
    expect(pieces.join('')).toBe('Yes. ');
    expect(message).toMatchObject({ content: [{ type: 'text', text: 'Yes. ' }], stop_reason: 'stop_sequence', stop_sequence: 'STOP' });
  });

  it('counts a request’s tokens with messages.countTokens(), free, the model checked as /v1/messages checks it', async () => {
    const before = await balanceMicros();
    const modelRequests = model.received.length;
    const system = 'Answer in one short sentence.'; // 29 characters: 8 tokens at about four a token
    const counted = await anthropic.messages.countTokens({
      model: 'gpt-4o-mini',
      system,
      messages: [
        { role: 'user', content: 'What is event sourcing?' }, // 23: 6
        { role: 'assistant', content: [{ type: 'text', text: 'Keeping every change as a fact.' }] }, // 31: 8
        { role: 'user', content: 'And why?' }, // 8: 2
      ],
    });
    expect(counted).toEqual({ input_tokens: 24, estimated: true });
    expect(counted._request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(model.received.length).toBe(modelRequests);
    expect(await balanceMicros()).toBe(before);
    // A model /v1/messages refuses is refused here the same way: one whose provider is not configured here (503
    // not_configured), one that does not exist (400 unknown_model); a count never promises a request that would fail.
    const body = (model: string) => ({ model, messages: [{ role: 'user' as const, content: 'And why?' }] });
    for (const refusedModel of ['claude-sonnet-4-6', 'claude-9']) {
      const [counting, messages] = await Promise.all(
        ['/v1/messages/count_tokens', '/v1/messages'].map(async (path) => {
          const response = await fetch(`${service.baseUrl}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'anthropic-version': '2023-06-01', ...key.auth },
            body: JSON.stringify(path === '/v1/messages' ? { ...body(refusedModel), max_tokens: 16 } : body(refusedModel)),
          });
          const answer = await json(response);
          return { status: response.status, type: answer.error?.type, code: answer.error?.code };
        }),
      );
      expect([refusedModel, counting]).toEqual([refusedModel, messages]);
      expect(counting!.status).toBe(refusedModel === 'claude-9' ? 400 : 503);
    }
    const unknown = await anthropic.messages.countTokens(body('claude-9')).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Anthropic.BadRequestError);
    expect((unknown as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'unknown model "claude-9"', code: 'unknown_model' },
    });
    // The same body as /v1/messages, without max_tokens: Anthropic refuses it there, and so does this.
    const withMax = await fetch(`${service.baseUrl}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'auto', max_tokens: 5, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(withMax.status).toBe(400);
    expect(await json(withMax)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it("refuses in Anthropic's error shape", async () => {
    const stranger = new Anthropic({ apiKey: 'apk_not-a-real-key', baseURL: service.baseUrl, maxRetries: 0 });
    const refused = await stranger.messages.create({ model: 'auto', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((refused as InstanceType<typeof Anthropic.AuthenticationError>).error).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid API key' },
    });
  });
});
