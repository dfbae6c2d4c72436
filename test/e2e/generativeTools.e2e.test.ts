import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey } from '../support/accounts';
import { anonymousCallId, keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';

let model: ScriptedModelServer;
let service: TestService;
let key: TestKey;
let images: Server;
let imageOrigin: string;

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  model = await startScriptedModelServer();
  service = await startTestService({ env: { ...modelEnv(model.baseUrl), FREE_TIER_DAILY: '50' } });
  key = await generateKey(service.baseUrl);
  images = createServer((req, res) => {
    if (req.url === '/dot.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await service.stop();
  await model.close();
  await new Promise((resolve) => images.close(resolve));
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, requestId = randomUUID()) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...headers },
    body: JSON.stringify(body),
  });
const balance = async () => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd as number;
const history = (callId: string) => readStream(service.database.db, `call-${callId}`);

const DECISION = {
  decision: 'Self-host PostgreSQL',
  pros: ['Full control', 'Lower cost at scale'],
  cons: ['Operations effort'],
  risks: ['Data loss without tested backups'],
  recommendation: 'Use a managed service until a database engineer joins.',
  confidence: 0.72,
};
const PITCH = { hook: 'Stop losing calls.', value_proposition: 'Every call billed once.', call_to_action: 'Try it today.', script: 'Imagine …' };

describe('model-backed tools on a provider', () => {
  it('answers /decide with the fields its purpose names, from the model auto picked, with the provider’s token counts', async () => {
    model.answer({ text: JSON.stringify(DECISION), usage: { prompt: 412, completion: 88 } });
    const requestId = randomUUID();
    const response = await post('/decide', { text: 'Should we self-host PostgreSQL?', criteria: ['cost'] }, {}, requestId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject(DECISION);
    expect(body._meta).toMatchObject({ endpoint: '/decide', model: 'gpt-4o-mini', tokens: { input: 412, output: 88 } });

    const sent = model.received.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
    expect(sent.messages[0].content).toContain('"recommendation"');
    expect(sent.messages[1].content).toContain('Should we self-host PostgreSQL?');
    const completed = (await history(anonymousCallId(requestId))).find((e) => e.type === 'ToolCallCompleted');
    expect(completed?.data).toMatchObject({ model: 'gpt-4o-mini', tokens: { input: 412, output: 88 } });
  });

  it('repairs an answer that is not valid JSON once, and bills the tokens of both requests', async () => {
    model.answer(
      { text: 'Sure! Here is your pitch: {"hook": "Stop losing calls.", "value_proposition": ', usage: { prompt: 300, completion: 20 } },
      { text: '```json\n' + JSON.stringify(PITCH) + '\n```', usage: { prompt: 380, completion: 60 } },
    );
    const before = model.received.length;
    const response = await post('/pitch', { content: 'A pay-per-call AI API' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject(PITCH);
    expect(body._meta.tokens).toEqual({ input: 680, output: 80 });
    const [, repair] = model.received.slice(before);
    expect(repair!.body.messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(repair!.body.messages.at(-1).content).toContain('not valid JSON');
  });

  it('fails with a clear error and refunds the key when the repaired answer still does not fit', async () => {
    const start = await balance();
    model.answer({ text: JSON.stringify({ hook: 'Hi' }) }, { text: JSON.stringify({ hook: 'Hi', script: 42 }) });
    const requestId = randomUUID();
    const response = await post('/pitch', { product: 'A pay-per-call AI API' }, key.auth, requestId);
    expect(response.status).toBe(503);
    const body = await json(response);
    expect(body.error).toContain('does not fit its output schema');
    expect(body.error).toContain('value_proposition');
    expect(body.hint).toContain('not charged');
    expect((await history(keyCallId(key.keyId, requestId))).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
    expect(await balance()).toBe(start);
  });

  it('refuses an unknown model with 400 listing the valid ones, before anything is reserved', async () => {
    const requestId = randomUUID();
    const response = await post('/decide', { decision: 'Tabs or spaces?', model: 'gpt-5-ultra' }, key.auth, requestId);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error).toBe('unknown model "gpt-5-ultra"');
    for (const id of ['auto', 'local', 'gpt-4o-mini', 'claude-sonnet-4-6', 'gemini-2.5-pro']) expect(body.hint).toContain(id);
    expect(await history(keyCallId(key.keyId, requestId))).toEqual([]);
  });

  it('serves a tool with an offline method locally when asked for `local`, and on the provider with `auto`', async () => {
    const text = 'The delivery was late and the box was crushed. Terrible service.';
    const local = await json(post('/sentiment', { text, model: 'local' }));
    expect(local.polarity).toBe('negative');
    expect(local._meta.model).toBe('local/lexicon-clauses');

    model.answer({ text: JSON.stringify({ polarity: 'negative', score: -0.8, confidence: 0.9, emotions: { anger: 0.6 }, key_phrases: ['box was crushed'] }) });
    const routed = await json(post('/sentiment', { text }));
    expect(routed).toMatchObject({ polarity: 'negative', score: -0.8 });
    expect(routed._meta.model).toBe('gpt-4o-mini');
  });

  it('answers /v1/messages in Anthropic’s message format, authenticated by x-api-key', async () => {
    model.answer({ text: 'Hello! How can I help?', usage: { prompt: 12, completion: 7 } });
    const requestId = randomUUID();
    const response = await post(
      '/v1/messages',
      { model: 'gpt-4o-mini', max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
      { 'x-api-key': key.key },
      requestId,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'Hello! How can I help?' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 7 },
    });
    expect(body.id).toMatch(/^msg_[A-Za-z0-9]+$/);
    expect(body._meta.payment).toBe('key');
    expect(model.received.at(-1)!.body).toMatchObject({
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
  });

  it('ends a /v1/messages answer before the first of its stop_sequences, as Anthropic does', async () => {
    model.answer({ text: 'Step one. Step two.\nEND\nStep three. STOP here.' });
    const body = await json(
      post(
        '/v1/messages',
        { model: 'gpt-4o-mini', max_tokens: 64, stop_sequences: ['STOP', '\nEND'], messages: [{ role: 'user', content: 'Steps?' }] },
        { 'x-api-key': key.key },
      ),
    );
    expect(body).toMatchObject({ content: [{ type: 'text', text: 'Step one. Step two.' }], stop_reason: 'stop_sequence', stop_sequence: '\nEND' });
  });

  it('answers /chat from the whole history', async () => {
    model.answer({ text: 'Paris.' });
    const body = await json(
      post('/chat', {
        messages: [
          { role: 'user', content: 'Capital of Italy?' },
          { role: 'assistant', content: 'Rome.' },
          { role: 'user', content: 'And of France?' },
        ],
      }),
    );
    expect(body).toMatchObject({ reply: 'Paris.', message: { role: 'assistant', content: 'Paris.' }, finish_reason: 'stop' });
    expect(model.received.at(-1)!.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('gives the free /preview without a key or a free-tier call, capped at 120 tokens', async () => {
    const status = async () => (await json(fetch(`${service.baseUrl}/free-tier/status`))).remaining;
    const remaining = await status();
    model.answer({ text: 'Durable execution lets an agent resume where it stopped.', finish: 'length' });
    const requestId = randomUUID();
    const response = await post('/preview', { topic: 'durable execution for agents' }, {}, requestId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ topic: 'durable execution for agents', max_tokens: 120, truncated: true });
    expect(body._meta).toMatchObject({ cost_usd: 0, network: 'free' });
    expect(model.received.at(-1)!.body.max_tokens).toBe(120);
    expect(await status()).toBe(remaining);
    const started = (await history(anonymousCallId(requestId)))[0];
    expect(started?.data).toMatchObject({ priceMicros: 0, payer: { kind: 'none' } });
  });

  it('lets /vision look at a fetched image, sending the model its bytes', async () => {
    model.answer({ text: JSON.stringify({ description: 'A single dark pixel.', answer: 'A dot.', objects: ['dot'] }) });
    const response = await post('/vision', { url: `${imageOrigin}/dot.png`, question: 'What is it?' }, key.auth);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ answer: 'A dot.', objects: ['dot'] });
    const parts = model.received.at(-1)!.body.messages[1].content;
    expect(parts[0]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } });
    expect(parts[1].text).toContain('What is it?');
  });

  it('refuses /vision images at private addresses, or that are not images, and charges nothing', async () => {
    const start = await balance();
    for (const [url, reason] of [
      ['https://169.254.169.254/latest/meta-data/icon.png', 'refused'],
      ['http://10.0.0.7/cat.png', 'refused'],
      [`${imageOrigin}/page`, 'text/html'],
    ] as const) {
      const response = await post('/vision', { image_url: url }, key.auth);
      expect(response.status).toBe(400);
      expect((await json(response)).error).toContain(reason);
    }
    expect(await balance()).toBe(start);
  });

  it('runs /code/run in the sandbox and answers stdout, stderr and the exit code', async () => {
    const response = await post('/code/run', { code: 'import sys\nprint(sum(range(10)))\nprint("oops", file=sys.stderr)\nsys.exit(3)' }, key.auth);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ stdout: '45\n', stderr: 'oops\n', exit_code: 3, timed_out: false });
    expect(body._meta.model).toBe('sandbox/python');
  });

  it('lists the configured provider’s models as configured in GET /models', async () => {
    const body = await json(fetch(`${service.baseUrl}/models?configured=true`));
    expect(body.models.map((m: { id: string }) => m.id).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });
});
