import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { readSse } from '../support/sse';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

/**
 * Zero-configuration local models: a loopback server speaking OpenAI's wire format (as Ollama, LM Studio, llama.cpp's
 * server and vLLM do) on an ephemeral port the probe is pointed at, with no provider configured.
 */
let local: ScriptedModelServer;
let service: TestService;
let key: TestKey;
const LOCAL_ID = 'llama3.2:3b';
/** vLLM names a model by its repository. */
const VLLM_ID = 'meta-llama/Llama-3.1-8B-Instruct';

/** A port nothing listens on: the probe must pass over it. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const probeEnv = (probe: boolean, port: string, dead: number) => ({
  ...modelEnv(),
  FREE_TIER_DAILY: '50',
  LOCAL_MODEL_PROBE: String(probe),
  LOCAL_MODEL_SERVERS: `${dead},${port}`,
  LOCAL_MODEL_PROBE_TIMEOUT_MS: '1000',
  // The tests poll GET /v1/models until the probe's finds show.
  RATE_LIMIT_PER_MINUTE: '10000',
});

beforeAll(async () => {
  // Servers list embedding models beside chat ones (here first), and may serve an id the catalogue has.
  local = await startScriptedModelServer({ models: ['nomic-embed-text:latest', LOCAL_ID, 'gpt-4o-mini', VLLM_ID] });
  service = await startTestService({ env: probeEnv(true, new URL(local.baseUrl).port, await closedPort()) });
  key = await generateKey(service.baseUrl);
});
afterAll(async () => {
  await service.stop();
  await local.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...key.auth, ...headers },
    body: JSON.stringify(body),
  });
const vendorIds = async (baseUrl: string) => (await json(fetch(`${baseUrl}/v1/models`))).data.map((m: { id: string }) => m.id) as string[];
const probed = () => waitFor(async () => (await vendorIds(service.baseUrl)).includes(LOCAL_ID), 'the probe to find the local server');

describe('a local OpenAI-compatible server found by the probe', () => {
  it("lists its models at a price of 0 in GET /models and /v1/models (the official OpenAI client's models.list()), the catalogue's ids left to the catalogue", async () => {
    await probed();
    const openai = new OpenAI({ apiKey: key.key, baseURL: `${service.baseUrl}/v1`, maxRetries: 0 });
    const listed: OpenAI.Model[] = [];
    for await (const one of openai.models.list()) listed.push(one);
    expect(listed.map((m) => m.id)).toEqual(['auto', 'nomic-embed-text:latest', LOCAL_ID, VLLM_ID]);
    expect(listed[2]).toMatchObject({ object: 'model', owned_by: 'library' });
    expect(await openai.models.retrieve(VLLM_ID)).toMatchObject({ id: VLLM_ID, object: 'model' });

    const models = await json(fetch(`${service.baseUrl}/models?provider=local-server`));
    expect(models.models).toEqual([
      expect.objectContaining({ id: 'nomic-embed-text:latest', provider: 'local-server' }),
      expect.objectContaining({ id: LOCAL_ID, provider: 'local-server', pricing: { input_per_million_usd: 0, output_per_million_usd: 0 }, configured: true }),
      expect.objectContaining({ id: VLLM_ID, provider: 'local-server' }),
    ]);
    const all = await json(fetch(`${service.baseUrl}/models`));
    expect(all.models.find((m: { id: string }) => m.id === 'gpt-4o-mini')).toMatchObject({ provider: 'openai', configured: false });
    expect(all.choices).toEqual(expect.arrayContaining(['auto', 'local', LOCAL_ID]));

    // The document stays true: `model` takes the catalogue's choices or a local server's id.
    const document = await json(fetch(`${service.baseUrl}/openapi.json`));
    const model = document.paths['/chat'].post.requestBody.content['application/json'].schema.allOf[0].properties.model;
    expect(model.anyOf).toEqual([expect.objectContaining({ enum: expect.arrayContaining(['auto', 'gpt-4o']) }), expect.objectContaining({ type: 'string' })]);
  });

  it('answers /chat named by its id through the OpenAI-compatible adapter, _meta.model naming it, metered at its price of 0', async () => {
    await probed();
    local.answer({ text: 'Hello from the laptop.', usage: { prompt: 1200, completion: 800 } });
    const requestId = randomUUID();
    const response = await post('/chat', { message: 'Hi there', model: LOCAL_ID }, { 'X-Pricing': 'metered', 'X-Request-Id': requestId });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.reply).toBe('Hello from the laptop.');
    expect(body._meta).toMatchObject({ model: LOCAL_ID, pricing: 'metered', tokens: { input: 1200, output: 800 } });
    expect(local.received.at(-1)!.body).toMatchObject({ model: LOCAL_ID, messages: expect.arrayContaining([{ role: 'user', content: 'Hi there' }]) });
    // 2,000 tokens at 0 USD a million cost nothing: the call is charged the metered minimum alone.
    const settled = (await readStream(service.database.db, `call-${keyCallId(key.keyId, requestId)}`)).find((e) => e.type === 'ToolCallCompleted');
    expect(settled?.data).toMatchObject({ chargedMicros: Number(service.config.meteredMinimumUsd) });
    expect(body._meta.cost_usd).toBe(Number(service.config.meteredMinimumUsd) / 1e6);
  });

  it('serves `auto` for generative tools that answered 503 with no provider (a JSON tool and a stream), never picking an embedding model', async () => {
    await probed();
    local.answer({ text: JSON.stringify({ title: 'Durable payments', content: 'Workflows survive crashes.', word_count: 3, format: 'plain' }) });
    const written = await post('/write', { prompt: 'Two lines on durable payments', format: 'plain' });
    expect(written.status).toBe(200);
    expect(await json(written)).toMatchObject({ title: 'Durable payments', _meta: { model: LOCAL_ID, cost_usd: 0.02 } });
    expect(local.received.at(-1)!.body.model).toBe(LOCAL_ID);

    const text = 'Streamed from a local model, piece by piece.';
    local.answer({ text, pieces: 4, pieceDelayMs: 20 });
    const streamed = await post('/chat', { message: 'Stream please', stream: true });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(streamed);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { result: { reply: text }, _meta: { model: LOCAL_ID } } });
    expect(local.received.at(-1)!.body).toMatchObject({ model: LOCAL_ID, stream: true });
  });

  it('streams through /v1/chat/completions with the official OpenAI client', async () => {
    await probed();
    const openai = new OpenAI({ apiKey: key.key, baseURL: `${service.baseUrl}/v1`, maxRetries: 0 });
    local.answer({ text: 'Local and streamed.', pieces: 3, pieceDelayMs: 10 });
    const stream = await openai.chat.completions.create({ model: LOCAL_ID, messages: [{ role: 'user', content: 'Hi' }], stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Local and streamed.');
    expect(chunks.at(-1)!.model).toBe(LOCAL_ID);
  });

  it('leaves tools with an offline method offline under `auto`, and refuses images for a model not known to read them', async () => {
    const requests = local.received.length;
    const sentiment = await json(post('/sentiment', { text: 'I love this.' }));
    expect(sentiment._meta.model).toMatch(/^local\//);
    expect(local.received.length).toBe(requests);

    const vision = await post('/vision', { image_url: 'https://example.com/cat.png', model: LOCAL_ID });
    expect(vision.status).toBe(400);
    expect((await json(vision)).error).toBe(`${LOCAL_ID} is not known to read images`);
  });
});

describe('an API without a worker of its own', () => {
  it('learns what a standalone worker process found, and the call runs there', async () => {
    const env = probeEnv(true, new URL(local.baseUrl).port, await closedPort());
    const api = await startTestService({ worker: 'none', env });
    const worker = spawnWorker(api.config, api.database.url, env);
    try {
      await waitFor(async () => (await vendorIds(api.baseUrl)).includes(LOCAL_ID), 'the worker process to record what it found', 90_000);
      local.answer({ text: 'Answered by a local model, through another process.' });
      const response = await fetch(`${api.baseUrl}/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: 'Hi', model: LOCAL_ID }),
      });
      expect(await json(response)).toMatchObject({ reply: 'Answered by a local model, through another process.', _meta: { model: LOCAL_ID } });
    } finally {
      await killed(worker);
      await api.stop();
    }
  }, 120_000);
});

describe('with the probe off', () => {
  it('lists nothing from the same server and refuses its ids', async () => {
    const off = await startTestService({ env: probeEnv(false, new URL(local.baseUrl).port, await closedPort()) });
    try {
      expect(await vendorIds(off.baseUrl)).toEqual([]);
      expect((await json(fetch(`${off.baseUrl}/models?provider=local-server`))).count).toBe(0);
      const chat = await fetch(`${off.baseUrl}/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: 'Hi', model: LOCAL_ID }),
      });
      expect(chat.status).toBe(400);
      expect((await json(chat)).error).toBe(`unknown model "${LOCAL_ID}"`);
    } finally {
      await off.stop();
    }
  });
});
