import { randomUUID } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey } from '../support/accounts';
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
const settledMicros = async (requestId: string) => {
  const history = await readStream(service.database.db, `call-${requestId}`);
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

  it('lists `auto` and the models configured here with models.list()', async () => {
    const ids: string[] = [];
    for await (const listed of openai.models.list()) ids.push(listed.id);
    expect(ids[0]).toBe('auto');
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4o']));
    expect(ids.some((id) => id.startsWith('claude'))).toBe(false);
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
