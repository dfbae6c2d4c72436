import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { freePort } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { parsePrometheusText } from '../support/prometheusText';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

// Admission control (api/admission/): a replica admits paid calls up to its limit in each pool and refuses the rest
// at once, 503 overloaded with Retry-After, before anything is held or charged; its readiness probe says it is
// shedding. Here each pool admits one call, so a model call that the scripted provider holds for a few seconds fills
// the pool of calls waiting on an upstream.
const TOKEN = 'admission-metrics-token';
let model: ScriptedModelServer;
let database: TestDatabase;
let api: ApiProcess;
let worker: ReturnType<typeof spawnWorker>;
let probePort: number;
let key: TestKey;
beforeAll(async () => {
  model = await startScriptedModelServer();
  database = await createTestDatabase();
  const env = {
    ...modelEnv(model.baseUrl),
    ADMISSION_INITIAL_LIMIT: '1',
    ADMISSION_MIN_LIMIT: '1',
    ADMISSION_MAX_LIMIT: '1',
    ADMISSION_RETRY_AFTER_SECONDS: '2',
    METRICS_TOKEN: TOKEN,
  };
  const config = testConfig(database.url, env);
  probePort = await freePort();
  worker = spawnWorker(config, database.url, env);
  api = await spawnApi(config, database.url, { ...env, PROBE_PORT: String(probePort) });
  key = await generateKey(api.baseUrl);
  expect((await topUp(api.baseUrl, config.adminToken, key.key, 1)).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await Promise.all([killed(api.child), killed(worker)]);
  await model.close();
  await database.drop();
});

const post = (path: string, body: unknown, requestId = randomUUID()) =>
  fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...key.auth, 'Content-Type': 'application/json', 'Idempotency-Key': requestId },
    body: JSON.stringify(body),
  });
const probe = async (path: string) => {
  const response = await fetch(`http://127.0.0.1:${probePort}${path}`);
  return { status: response.status, body: await json(response) };
};

describe('a replica at its limit of calls in flight', () => {
  it('refuses the next call at once with 503 overloaded and Retry-After, holding and charging nothing, and says it is shedding', async () => {
    expect(await probe('/livez')).toMatchObject({ status: 200, body: { status: 'live' } });
    await waitFor(async () => (await probe('/readyz')).status === 200, 'the replica to be ready', 30_000);
    // A model call the provider holds: the one place for calls waiting on an upstream is taken.
    model.answer({ text: 'Slowly.', delayMs: 4000 });
    const holding = post('/chat', { message: 'Take your time.' });
    await waitFor(async () => model.received.length > 0, 'the held call to reach the provider', 30_000);

    const refusedId = randomUUID();
    const refused = await post('/chat', { message: 'And me?' }, refusedId);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await json(refused)).toMatchObject({ code: 'overloaded', retry_after: 2 });
    // Nothing of the refused call was recorded, reserved or started.
    expect(await readStream(database.db, `call-${keyCallId(key.keyId, refusedId)}`)).toEqual([]);
    const reservations = (await readStream(database.db, `account-${key.keyId}`)).filter((e) => e.type === 'ChargeReserved');
    expect(reservations).toHaveLength(1);
    // The readiness probe says so, so a load balancer sends traffic elsewhere; liveness does not fail for being busy.
    await waitFor(async () => (await probe('/readyz')).body.status === 'shedding', 'readiness to say shedding', 10_000);
    expect((await probe('/readyz')).status).toBe(503);
    expect((await probe('/livez')).status).toBe(200);

    // The vendor-shaped route refuses in OpenAI's shape; an MCP client gets a tool error saying the same.
    const openai = await fetch(`${api.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...key.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'auto', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(openai.status).toBe(503);
    expect(await json(openai)).toMatchObject({ error: { code: 'overloaded' } });
    const mcp = new Client({ name: 'admission', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${api.baseUrl}/mcp`), { requestInit: { headers: key.auth } }));
    const result = await mcp.callTool({ name: 'chat', arguments: { message: 'Hi' } });
    await mcp.close();
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({ http_status: 503, code: 'overloaded' });

    // Refused first thing, before its caller is even identified: a key that does not exist gets the 503, not a 401.
    const early = await fetch(`${api.baseUrl}/chat`, {
      method: 'POST',
      headers: { Authorization: 'Bearer apk_no_such_key_000000000000000000000000', 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Early?' }),
    });
    expect(early.status).toBe(503);
    expect(await json(early)).toMatchObject({ code: 'overloaded' });

    // A quick offline call has its own place: it is admitted meanwhile.
    expect((await post('/sentiment', { text: 'Still quick.', model: 'local' })).status).toBe(200);
    // Once the held call is answered, the place is free again.
    expect((await holding).status).toBe(200);
    model.answer({ text: 'Now.' });
    expect((await post('/chat', { message: 'Now?' })).status).toBe(200);

    const scraped = parsePrometheusText(await (await fetch(`${api.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text());
    expect(scraped.sum('toolgate_admission_refused_total', { pool: 'upstream' })).toBeGreaterThanOrEqual(3);
    // The OpenAI-shaped call came from the key refused just before, within its Retry-After: its refusal was held until then.
    expect(scraped.sum('toolgate_admission_refusals_held_total')).toBeGreaterThanOrEqual(1);
    expect(scraped.sum('toolgate_admission_limit', { pool: 'upstream' })).toBe(1);
  }, 120_000);

  it('gives back the place a request took on arrival when it is refused for something else (unknown key, bad input)', async () => {
    // Sent without an idempotency key, each takes the upstream pool's one place before its caller is identified.
    const unknownKey = await fetch(`${api.baseUrl}/chat`, {
      method: 'POST',
      headers: { Authorization: 'Bearer apk_no_such_key_000000000000000000000000', 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Who am I?' }),
    });
    expect(unknownKey.status).toBe(401);
    const badInput = await fetch(`${api.baseUrl}/chat`, {
      method: 'POST',
      headers: { ...key.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 42 }),
    });
    expect(badInput.status).toBe(400);
    // Had either kept its place, this call would be refused 503 overloaded.
    model.answer({ text: 'There was room.' });
    const admitted = await fetch(`${api.baseUrl}/chat`, {
      method: 'POST',
      headers: { ...key.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Room for me?' }),
    });
    expect(admitted.status).toBe(200);
    const scraped = parsePrometheusText(await (await fetch(`${api.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text());
    expect(scraped.sum('toolgate_admission_in_flight', { pool: 'upstream' })).toBe(0);
  }, 60_000);

  it('collects a running call’s answer by its key even while the replica is full: a collection holds no new place', async () => {
    model.answer({ text: 'Collected later.', delayMs: 3000 });
    const id = randomUUID();
    const first = post('/chat', { message: 'Collect me.' }, id);
    await waitFor(async () => (await readStream(database.db, `call-${keyCallId(key.keyId, id)}`)).length > 0, 'the call to start', 30_000);
    const again = await post('/chat', { message: 'Collect me.' }, id);
    const answered = await first;
    expect([answered.status, again.status]).toEqual([200, 200]);
    expect((await json(again))._meta.call_id).toBe((await json(answered))._meta.call_id);
  }, 60_000);
});
