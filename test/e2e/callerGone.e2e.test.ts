import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { ToolCallOutcome } from '../../schema/calls';
import { temporalTarget } from '../../core/temporal';
import { readStream } from '../../core/eventStore';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';
import type { Config } from '../../schema/config';

// No charge for an answer nobody received (workflows/toolCall.ts, api/calls/executeToolCall.ts). The API runs with no
// worker at first, so its calls wait in Temporal's task queue as they do under overload: a caller that leaves, or
// whose deadline passes, before the call is picked up costs nothing and leaves nothing on the ledger. Then a worker
// comes, and a model the scripted provider holds shows what happens to a caller that leaves while its tool runs.
let model: ScriptedModelServer;
let database: TestDatabase;
let config: Config;
let api: ApiProcess;
let worker: ReturnType<typeof spawnWorker> | undefined;
let connection: Connection;
let client: Client;
let key: TestKey;
beforeAll(async () => {
  model = await startScriptedModelServer();
  database = await createTestDatabase();
  config = testConfig(database.url, modelEnv(model.baseUrl));
  api = await spawnApi(config, database.url, modelEnv(model.baseUrl));
  connection = await Connection.connect(temporalTarget(config).connection);
  client = new Client({ connection, namespace: temporalTarget(config).namespace });
  key = await generateKey(api.baseUrl);
  expect((await topUp(api.baseUrl, config.adminToken, key.key, 1)).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await Promise.all([killed(api.child), ...(worker ? [killed(worker)] : [])]);
  await connection.close();
  await database.drop();
  await model.close();
});

const call = (path: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal) =>
  fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...key.auth, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
/** A request the test gives up on, as a caller with a client timeout does: its promise settles with the abort. */
const leaving = (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const controller = new AbortController();
  const response = call(path, body, headers, controller.signal).catch((error: unknown) => error);
  return { leave: () => controller.abort(), response };
};
const accountEvents = async () => readStream(database.db, `account-${key.keyId}`);
const started = async (workflowId: string) =>
  client.workflow
    .getHandle(workflowId)
    .describe()
    .then(() => true)
    .catch(() => false);
const signalled = async (workflowId: string) => {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).some((event) => event.workflowExecutionSignaledEventAttributes);
};
// Served offline (`model: local`), so the call is a quick one: reserved, run and charged in one local activity.
const sentiment = { text: 'The parcel came a week late and the box was crushed.', model: 'local' };

describe('a call whose caller is gone before it starts', () => {
  const goneId = randomUUID();
  const lateId = randomUUID();
  let late: Promise<Response>;
  let lateDeadline = 0;

  it('is told to its workflow while it waits in the queue (no worker is running yet)', async () => {
    const gone = leaving('/sentiment', sentiment, { 'Idempotency-Key': goneId });
    const workflowId = `call-${keyCallId(key.keyId, goneId)}`;
    await waitFor(() => started(workflowId), 'the call to be started', 30_000);
    gone.leave();
    await gone.response;
    await waitFor(() => signalled(workflowId), 'the API to tell the workflow its caller left', 30_000);

    // A caller with a deadline: one second, which passes while no worker can take the call.
    lateDeadline = Date.now() + 1000;
    late = call('/sentiment', sentiment, { 'Idempotency-Key': lateId, 'X-Request-Timeout': '1' });
    await waitFor(() => started(`call-${keyCallId(key.keyId, lateId)}`), 'the call with a deadline to be started', 30_000);
    await waitFor(async () => Date.now() > lateDeadline + 100, 'its deadline to pass', 10_000);
    worker = spawnWorker(config, database.url, modelEnv(model.baseUrl));
  }, 90_000);

  it('is dropped once a worker picks it up: nothing reserved, charged or recorded', async () => {
    const outcome = (await client.workflow.getHandle(`call-${keyCallId(key.keyId, goneId)}`).result()) as ToolCallOutcome;
    expect(outcome).toEqual({ status: 'dropped', reason: 'caller_gone' });
    expect(await readStream(database.db, `call-${keyCallId(key.keyId, goneId)}`)).toEqual([]);
  }, 120_000);

  it('past its deadline is answered 503 deadline_exceeded with Retry-After, and nothing is charged', async () => {
    const response = await late;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await json(response)).toMatchObject({ code: 'deadline_exceeded' });
    expect(await readStream(database.db, `call-${keyCallId(key.keyId, lateId)}`)).toEqual([]);
    expect((await accountEvents()).filter((e) => e.type === 'ChargeReserved')).toEqual([]);
  }, 60_000);

  it('runs afresh when the same key is sent again, and is charged once', async () => {
    const again = await call('/sentiment', sentiment, { 'Idempotency-Key': lateId });
    expect(again.status).toBe(200);
    expect((await json(again))._meta).toMatchObject({ call_id: keyCallId(key.keyId, lateId) });
    const settled = (await accountEvents()).filter((e) => e.type === 'ChargeSettled');
    expect(settled.map((e) => (e.data as { callId: string }).callId)).toEqual([keyCallId(key.keyId, lateId)]);
  }, 60_000);

  it('refuses a deadline that is not a positive number of seconds', async () => {
    const response = await call('/sentiment', sentiment, { 'X-Request-Timeout': 'soon' });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_timeout' });
  });

  it('refuses a malformed deadline before asking for payment: a caller without credentials learns the mistake, not 402', async () => {
    const response = await fetch(`${api.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Timeout': '0' },
      body: JSON.stringify(sentiment),
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'invalid_timeout' });
  });
});

describe('a caller that leaves while its tool runs', () => {
  it('with no id to collect the answer by: the tool is cancelled and the call refunded, the record saying why', async () => {
    model.answer({ text: 'Nobody will read this.', delayMs: 20_000 });
    const before = (await accountEvents()).length;
    const received = model.received.length;
    const gone = leaving('/chat', { message: 'Tell me a long story.' });
    await waitFor(async () => model.received.length > received, 'the tool to reach the provider', 60_000);
    gone.leave();
    await gone.response;
    const refunded = await waitFor(
      async () => (await accountEvents()).slice(before).find((e) => e.type === 'ChargeRefunded'),
      'the call to be refunded',
      60_000,
    );
    const { callId, amountMicros, reason } = refunded.data as { callId: string; amountMicros: number; reason: string };
    expect(reason).toBe('CallerGone');
    const reserved = (await accountEvents()).find((e) => e.type === 'ChargeReserved' && (e.data as { callId: string }).callId === callId);
    expect(amountMicros).toBe((reserved?.data as { amountMicros: number }).amountMicros);
    const failed = (await readStream(database.db, `call-${callId}`)).find((e) => e.type === 'ToolCallFailed');
    expect(failed?.data).toMatchObject({ code: 'CallerGone' });
    expect((await accountEvents()).some((e) => e.type === 'ChargeSettled' && (e.data as { callId: string }).callId === callId)).toBe(false);
  }, 120_000);

  it('with an Idempotency-Key: the call finishes and is charged, the record saying the caller left, and the key collects the answer', async () => {
    model.answer({ text: 'Kept for you.', delayMs: 2000 });
    const id = randomUUID();
    const callId = keyCallId(key.keyId, id);
    const received = model.received.length;
    const gone = leaving('/chat', { message: 'Keep this for me.' }, { 'Idempotency-Key': id });
    await waitFor(async () => model.received.length > received, 'the tool to reach the provider', 60_000);
    gone.leave();
    await gone.response;
    const completed = await waitFor(
      async () => (await readStream(database.db, `call-${callId}`)).find((e) => e.type === 'ToolCallCompleted'),
      'the call to complete',
      60_000,
    );
    expect(completed.data).toMatchObject({ callerLeft: true });
    expect((completed.data as { chargedMicros: number }).chargedMicros).toBeGreaterThan(0);

    const collected = await call('/chat', { message: 'Keep this for me.' }, { 'Idempotency-Key': id });
    expect(collected.status).toBe(200);
    expect(await json(collected)).toMatchObject({ _meta: { call_id: callId } });
    const charges = (await accountEvents()).filter((e) => e.type === 'ChargeSettled' && (e.data as { callId: string }).callId === callId);
    expect(charges).toHaveLength(1);
  }, 120_000);
});
