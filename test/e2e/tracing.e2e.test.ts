import { randomBytes, randomUUID } from 'node:crypto';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../../core/tracing/tracing';
import { loadConfig } from '../../core/config/loadConfig';
import { generateKey, type TestKey } from '../support/accounts';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Tracing as a deployment with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT runs it, the exporter swapped for one in memory:
 * the API (its request span and the Temporal client's), the worker (the workflow's spans, from its sandbox, and the
 * activities') and the provider request, all in one process here, as with EMBEDDED_WORKER.
 */
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let model: ScriptedModelServer;
let service: TestService;
let key: TestKey;

beforeAll(async () => {
  tracing = startTracing({ serviceName: 'toolgate-test', processor: new SimpleSpanProcessor(exporter) })!;
  model = await startScriptedModelServer();
  // A traced worker bundles its workflows with the tracing interceptors at start: tens of seconds on a busy machine.
  service = await startTestService({ env: modelEnv(model.baseUrl), tracing });
  key = await generateKey(service.baseUrl);
}, 180_000);

afterAll(async () => {
  await service?.stop();
  await model?.close();
  await tracing?.shutdown();
});

const post = (path: string, body: unknown, requestId = randomUUID(), headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...key.auth, ...headers },
    body: JSON.stringify(body),
  });

/** The spans of one trace as an indented outline, children in start order: what a tracing UI draws. */
function outline(spans: readonly ReadableSpan[]): string[] {
  const children = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const start = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of [...(children.get(parent) ?? [])].sort((a, b) => start(a) - start(b))) {
      lines.push(`${'  '.repeat(depth)}${span.name}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

const traceOf = (requestId: string) => {
  const root = exporter.getFinishedSpans().find((span) => span.attributes['toolgate.request_id'] === requestId);
  return root ? exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === root.spanContext().traceId) : [];
};

describe('tracing a call', () => {
  it('is off unless an OTLP endpoint is configured', () => {
    expect(loadConfig({}).otlpTracesEndpoint).toBe('');
    expect(startTracing({ serviceName: 'toolgate-api', endpoint: '' })).toBeNull();
  });

  it('follows a paid call in one trace from its HTTP request through the workflow and its activities to the provider request', async () => {
    const requestId = randomUUID();
    model.answer({ text: 'Hello!' });
    const response = await post('/chat', { message: 'Hello' }, requestId);
    expect(response.status).toBe(200);
    // The workflow's spans leave its sandbox through a sink when its task completes, a moment after the answer.
    const spans = await waitFor(async () => {
      const found = traceOf(requestId);
      return found.some((span) => span.name === 'RunWorkflow:toolCall') && found.some((span) => span.name.startsWith('model ')) && found;
    }, 'the call’s spans');
    const tree = outline(spans);
    // One root: the request. Under it the workflow's start, its run, and each activity it scheduled and ran.
    expect(tree[0]).toBe('POST /chat');
    expect(tree.filter((line) => !line.startsWith(' '))).toEqual(['POST /chat']);
    const depth = (name: string) => tree.find((line) => line.trim() === name)!.search(/\S/) / 2;
    expect(depth('StartWorkflow:toolCall')).toBe(1);
    expect(depth('RunWorkflow:toolCall')).toBe(2);
    const provider = spans.find((span) => span.name === 'model openai')!;
    expect(provider.kind).toBe(SpanKind.CLIENT);
    expect(provider.attributes['toolgate.upstream.kind']).toBe('model');
    // The provider request sits in the activity that ran the tool, which the workflow scheduled.
    const parentOf = (span: ReadableSpan) => spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId)!;
    const runActivity = parentOf(provider);
    expect(runActivity.name).toMatch(/^RunActivity:/);
    expect(parentOf(runActivity).name).toBe(runActivity.name.replace('RunActivity', 'StartActivity'));
    expect(parentOf(parentOf(runActivity)).name).toBe('RunWorkflow:toolCall');
    const root = spans.find((span) => span.name === 'POST /chat')!;
    expect(root.kind).toBe(SpanKind.SERVER);
    expect(root.attributes).toMatchObject({ 'http.route': '/chat', 'http.response.status_code': 200, 'toolgate.tool': 'chat' });
    expect(spans.every((span) => span.status.code !== SpanStatusCode.ERROR)).toBe(true);
    // The outline, for the report and for whoever reads a failure here.
    console.log(tree.join('\n'));
  });

  it('continues the trace of a caller that sends a W3C traceparent, and names the trace back in traceresponse', async () => {
    const requestId = randomUUID();
    // The caller's trace and its span that sent the request (sampled).
    const callerTrace = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    model.answer({ text: 'Hello!' });
    const response = await post('/chat', { message: 'Hello' }, requestId, {
      traceparent: `00-${callerTrace}-${callerSpan}-01`,
      Origin: 'https://app.example',
    });
    expect(response.status).toBe(200);
    const spans = await waitFor(async () => {
      const found = traceOf(requestId);
      return found.some((span) => span.name === 'RunWorkflow:toolCall') && found.some((span) => span.name.startsWith('model ')) && found;
    }, 'the call’s spans in the caller’s trace');
    // Every span of the call is in the caller's trace, and the request's span is a child of the caller's.
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([callerTrace]));
    const root = spans.find((span) => span.name === 'POST /chat')!;
    expect(root.parentSpanContext?.spanId).toBe(callerSpan);
    expect(root.parentSpanContext?.isRemote).toBe(true);
    expect(spans.find((span) => span.name === 'model openai')).toBeDefined();
    expect(response.headers.get('traceresponse')).toBe(`00-${callerTrace}-${root.spanContext().spanId}-01`);
    // A browser page may read it.
    expect(response.headers.get('access-control-expose-headers')).toMatch(/traceresponse/i);
  });

  it('names a call’s own trace in traceresponse when the caller sends none, its refusals too', async () => {
    const requestId = randomUUID();
    model.answer({ text: 'Hello!' });
    const response = await post('/chat', { message: 'Hello' }, requestId);
    expect(response.status).toBe(200);
    const [, traceId, spanId] = response.headers.get('traceresponse')!.split('-');
    const root = await waitFor(async () => traceOf(requestId).find((span) => span.name === 'POST /chat'), 'the request’s span');
    expect(root.spanContext()).toMatchObject({ traceId, spanId });
    expect(root.parentSpanContext).toBeUndefined();
    // A refusal is traced as well, and says where.
    const refused = await post('/chat', {}, randomUUID());
    expect(refused.status).toBe(400);
    expect(refused.headers.get('traceresponse')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('marks the provider request and the request failed when the provider fails, in the same tree', async () => {
    const requestId = randomUUID();
    // No scripted answer: the loopback provider answers 500 to every attempt.
    const response = await post('/chat', { message: 'Hello' }, requestId);
    expect(response.status).toBeGreaterThanOrEqual(500);
    const spans = await waitFor(async () => {
      const found = traceOf(requestId);
      return found.some((span) => span.name === 'RunWorkflow:toolCall') && found.some((span) => span.name.startsWith('model ')) && found;
    }, 'the failed call’s spans');
    const failed = spans.filter((span) => span.name === 'model openai');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((span) => span.status.code === SpanStatusCode.ERROR)).toBe(true);
    expect(spans.find((span) => span.name === 'POST /chat')!.status.code).toBe(SpanStatusCode.ERROR);
  });
});
