import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { generateKey } from '../support/accounts';
import { type ApiProcess, freePort, spawnApi } from '../support/apiProcess';
import { modelEnv } from '../support/modelEnv';
import { type OtlpCollector, startOtlpCollector } from '../support/otlpCollector';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

/**
 * Tracing as a deployment turns it on: an API process and a standalone worker process, each given
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, export over OTLP/HTTP to a loopback collector, and one call is one trace
 * across both, the worker's spans joined to the API's through Temporal's headers.
 */
let collector: OtlpCollector;
let database: TestDatabase;
let model: ScriptedModelServer;
let api: ApiProcess;
let worker: ChildProcess;

beforeAll(async () => {
  collector = await startOtlpCollector();
  database = await createTestDatabase();
  model = await startScriptedModelServer();
  const config = testConfig(database.url);
  // Batches leave every 200 ms rather than OpenTelemetry's default 5 s.
  const env = { ...modelEnv(model.baseUrl), OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
  const metricsPort = await freePort();
  worker = spawnWorker(config, database.url, { ...env, WORKER_METRICS_PORT: String(metricsPort) });
  api = await spawnApi(config, database.url, env);
  // The metrics listener opens once the worker is created (a traced worker bundles its workflows first).
  await waitFor(async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null))?.ok, 'the worker to start', 180_000);
}, 240_000);

afterAll(async () => {
  if (api) await killed(api.child);
  if (worker) await killed(worker);
  await model?.close();
  await database?.drop();
  await collector?.close();
});

it('exports one trace per call over OTLP, from the API’s request span to the worker’s provider request', async () => {
  const key = await generateKey(api.baseUrl);
  const requestId = randomUUID();
  model.answer({ text: 'Hello!' });
  const response = await fetch(`${api.baseUrl}/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...key.auth },
    body: JSON.stringify({ message: 'Hello' }),
  });
  expect(response.status).toBe(200);
  const named = (spans: typeof collector.spans, name: string) => spans.find((span) => span.name === name);
  const trace = await waitFor(
    async () => {
      const root = collector.spans.find((span) => span.attributes['toolgate.request_id'] === requestId);
      const spans = collector.spans.filter((span) => span.traceId === root?.traceId);
      return named(spans, 'RunWorkflow:toolCall') && named(spans, 'model openai') && named(spans, 'RunActivity:settleCall') && spans;
    },
    'the call’s spans from both processes',
    30_000,
  );
  const span = (name: string) => named(trace, name)!;
  expect(span('POST /chat')).toMatchObject({ service: 'toolgate-api', parentSpanId: '' });
  expect(span('StartWorkflow:toolCall')).toMatchObject({ service: 'toolgate-api', parentSpanId: span('POST /chat').spanId });
  // The worker's spans: the workflow's (sent out of its sandbox) under the API's start, the provider request under its activity.
  expect(span('RunWorkflow:toolCall')).toMatchObject({ service: 'toolgate-worker', parentSpanId: span('StartWorkflow:toolCall').spanId });
  expect(span('StartActivity:runTool').parentSpanId).toBe(span('RunWorkflow:toolCall').spanId);
  expect(span('RunActivity:runTool').parentSpanId).toBe(span('StartActivity:runTool').spanId);
  expect(span('model openai')).toMatchObject({ service: 'toolgate-worker', parentSpanId: span('RunActivity:runTool').spanId });
  expect(span('RunWorkflow:toolCall').scope).not.toBe('');
});
