import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey } from '../support/accounts';
import { anonymousCallId, keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { finalDeltas, readSse, sseEvents } from '../support/sse';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let model: ScriptedModelServer;
let service: TestService;
let key: TestKey;

beforeAll(async () => {
  model = await startScriptedModelServer();
  service = await startTestService({ env: { ...modelEnv(model.baseUrl), FREE_TIER_DAILY: '50' } });
  key = await generateKey(service.baseUrl);
});
afterAll(async () => {
  await service.stop();
  await model.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), ...init });
const balance = async () => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd as number;

const ESSAY = 'Durable workflows keep every payment step recorded, so a crash resumes where it stopped instead of charging twice. '.repeat(4);

describe('streamed answers', () => {
  it('streams /chat with stream: true as server-sent events, ending with the whole result and _meta', async () => {
    model.answer({ text: 'Event sourcing records every change as a fact.', pieces: 6, pieceDelayMs: 40, usage: { prompt: 40, completion: 11 } });
    const requestId = randomUUID();
    const response = await post('/chat', { message: 'What is event sourcing?', stream: true }, { 'X-Request-Id': requestId });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const events = await readSse(response);
    const deltas = finalDeltas(events);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Event sourcing records every change as a fact.');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.result).toMatchObject({ reply: 'Event sourcing records every change as a fact.', finish_reason: 'stop' });
    expect(done.data._meta).toMatchObject({ endpoint: '/chat', model: 'gpt-4o-mini', tokens: { input: 40, output: 11 } });
    const completed = (await readStream(service.database.db, `call-${anonymousCallId(requestId)}`)).find((e) => e.type === 'ToolCallCompleted');
    expect(completed?.data.tokens).toEqual({ input: 40, output: 11 });
  });

  it('streams /stream/write as markdown pieces, the done event counting its words', async () => {
    model.answer({ text: '# Durable payments\n\nEvery step is recorded.', pieces: 5, pieceDelayMs: 40 });
    const events = await readSse(await post('/stream/write', { prompt: 'Why durable payments?' }));
    expect(finalDeltas(events).join('')).toBe('# Durable payments\n\nEvery step is recorded.');
    expect(events.at(-1)!.data.result).toEqual({ text: '# Durable payments\n\nEvery step is recorded.', format: 'markdown', word_count: 6 });
    expect(model.received.at(-1)!.body.stream).toBe(true);
  });

  it('answers a refused stream with a plain JSON error and its status, not an event stream', async () => {
    const response = await post('/stream/research', { topic: 'ledgers' });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('reports progress in the heartbeats of the streaming activity', async () => {
    model.answer({ text: ESSAY, pieces: 40, pieceDelayMs: 50 });
    const requestId = randomUUID();
    const response = await post('/stream/analyze', { text: 'Sales rose 12% in March.' }, { 'X-Request-Id': requestId });
    const handle = service.client.workflow.getHandle(`call-${anonymousCallId(requestId)}`);
    const progress = await waitFor(async () => {
      const pending = (await handle.describe()).raw.pendingActivities?.[0];
      const payload = pending?.heartbeatDetails?.payloads?.[0]?.data;
      const details = payload ? JSON.parse(Buffer.from(payload).toString('utf8')) : undefined;
      return details?.phase === 'streaming' && details.characters > 0 ? details : undefined;
    }, 'a heartbeat with streaming progress');
    expect(progress).toMatchObject({ phase: 'streaming', requests: 1 });
    await readSse(response);
  });

  it('stops the model when the client cuts the stream, and refunds the call once', async () => {
    const start = await balance();
    model.answer({ text: ESSAY.repeat(3), pieces: 200, pieceDelayMs: 50 });
    const requestId = randomUUID();
    const cut = new AbortController();
    const callId = keyCallId(key.keyId, requestId);
    const response = await post('/stream/write', { prompt: 'A long essay' }, { ...key.auth, 'X-Request-Id': requestId }, { signal: cut.signal });
    expect(response.status).toBe(200);
    const hungUp = model.nextHangUp();
    for await (const event of sseEvents(response)) {
      if (event.event === 'delta') break;
    }
    const cutAt = Date.now();
    cut.abort();
    const upstreamStoppedAfterMs = (await hungUp) - cutAt;
    expect(upstreamStoppedAfterMs).toBeLessThan(5_000);
    console.log(`upstream model request stopped ${upstreamStoppedAfterMs} ms after the client cut its stream`);

    const handle = service.client.workflow.getHandle(`call-${callId}`);
    await waitFor(async () => (await handle.describe()).status.name === 'CANCELLED', 'the call workflow to end cancelled');
    const history = await readStream(service.database.db, `call-${callId}`);
    expect(history.map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
    expect(history[1]!.data).toMatchObject({ code: 'Cancelled', refundedMicros: 20_000 });
    const account = await readStream(service.database.db, `account-${(history[0]!.data as { payer: { id: string } }).payer.id}`);
    expect(account.filter((e) => e.type === 'ChargeRefunded' && (e.data as { callId: string }).callId === callId)).toHaveLength(1);
    expect(account.filter((e) => e.type === 'ChargeSettled' && (e.data as { callId: string }).callId === callId)).toHaveLength(0);
    expect(await balance()).toBe(start);
  });

  it('keeps a free-tier call used when its stream is cut, so cut streams are not free forever', async () => {
    const usedBefore = (await json(fetch(`${service.baseUrl}/free-tier/status`))).used as number;
    model.answer({ text: ESSAY.repeat(3), pieces: 200, pieceDelayMs: 50 });
    const requestId = randomUUID();
    const cut = new AbortController();
    const callId = anonymousCallId(requestId);
    const response = await post('/stream/write', { prompt: 'A long essay' }, { 'X-Request-Id': requestId }, { signal: cut.signal });
    expect(response.status).toBe(200);
    const hungUp = model.nextHangUp();
    for await (const event of sseEvents(response)) {
      if (event.event === 'delta') break;
    }
    cut.abort();
    await hungUp;
    const handle = service.client.workflow.getHandle(`call-${callId}`);
    await waitFor(async () => (await handle.describe()).status.name === 'CANCELLED', 'the call workflow to end cancelled');
    const history = await readStream(service.database.db, `call-${callId}`);
    expect(history.map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
    expect((await json(fetch(`${service.baseUrl}/free-tier/status`))).used).toBe(usedBefore + 1);
  });
});
