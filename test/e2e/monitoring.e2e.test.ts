import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensurePrometheus, type PrometheusTools } from '../../scripts/services/prometheus';
import { generateKey } from '../support/accounts';
import { type ApiProcess, freePort, spawnApi } from '../support/apiProcess';
import { familyIn, metricFamiliesOf, promQl, readDashboard } from '../support/grafanaDashboard';
import { modelEnv } from '../support/modelEnv';
import { parsePrometheusText, type Scrape } from '../support/prometheusText';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

/**
 * The deployment's monitoring as docker-compose runs it, without Docker: an API process and a standalone worker
 * process with their metrics listeners, a real Prometheus (Debian's) scraping both, and every query of the Grafana
 * dashboard asked of it.
 */
const root = path.resolve(__dirname, '..', '..');
const dashboard = readDashboard();
const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));

let tools: PrometheusTools;
let database: TestDatabase;
let model: ScriptedModelServer;
let api: ApiProcess;
let worker: ChildProcess;
let prometheus: ChildProcess | undefined;
let prometheusUrl: string;
let scratch: string;
const ports = { api: 0, worker: 0 };

beforeAll(async () => {
  tools = ensurePrometheus(() => undefined);
  database = await createTestDatabase();
  model = await startScriptedModelServer();
  const config = testConfig(database.url);
  [ports.api, ports.worker] = [await freePort(), await freePort()];
  worker = spawnWorker(config, database.url, { ...modelEnv(model.baseUrl), WORKER_METRICS_PORT: String(ports.worker) });
  api = await spawnApi(config, database.url, { ...modelEnv(model.baseUrl), METRICS_PORT: String(ports.api) });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${ports.worker}/metrics`).catch(() => null))?.ok, "the worker's metrics listener", 120_000);

  scratch = mkdtempSync(path.join(tmpdir(), 'toolgate-prometheus-'));
  const promPort = await freePort();
  prometheusUrl = `http://127.0.0.1:${promPort}`;
  // The compose configuration's jobs, with this test's processes as their targets, scraped every second.
  writeFileSync(
    path.join(scratch, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      `  - { job_name: toolgate-api, static_configs: [{ targets: ['127.0.0.1:${ports.api}'] }] }`,
      `  - { job_name: toolgate-worker, static_configs: [{ targets: ['127.0.0.1:${ports.worker}'] }] }`,
    ].join('\n'),
  );
  prometheus = spawn(
    tools.prometheus,
    [
      `--config.file=${path.join(scratch, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(scratch, 'data')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
    ],
    { stdio: 'ignore' },
  );
  await waitFor(
    async () => (await prometheusQuery('sum(up{job=~"toolgate-.*"})')).data.result[0]?.value[1] === '2',
    'Prometheus to scrape both processes',
    60_000,
  );

  // Traffic of every kind the dashboard shows (quick offline calls, model calls, the free tier, a 404), in two rounds
  // Prometheus sees apart: a rate needs a counter to grow between two scrapes. The provider fails last (its circuit opens).
  const key = await generateKey(api.baseUrl);
  const post = (route: string, body: unknown, headers: Record<string, string> = key.auth) =>
    fetch(`${api.baseUrl}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID(), ...headers },
      body: JSON.stringify(body),
    });
  const round = async (sentiments: number) => {
    for (let i = 0; i < sentiments; i++) expect((await post('/sentiment', { text: 'I love it', model: 'local' })).status).toBe(200);
    model.answer({ text: 'Hello!' });
    expect((await post('/chat', { message: 'Hello' })).status).toBe(200);
    expect((await post('/sentiment', { text: 'fine', model: 'local' }, {})).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/no/such/path`)).status).toBe(404);
  };
  const seen = (completed: number) => async () =>
    (await prometheusQuery('sum(toolgate_calls_total{status="completed"})')).data.result[0]?.value[1] === String(completed);
  await round(3);
  await waitFor(seen(5), 'Prometheus to scrape the first round', 30_000);
  await round(1);
  expect((await post('/chat', { message: 'Hello' })).status).toBeGreaterThanOrEqual(500);
  await waitFor(seen(8), 'Prometheus to scrape the second round', 30_000);
  // The circuit opened at the failing call's last attempt, which the calls' count above may be scraped before.
  await waitFor(
    async () => (await prometheusQuery('max(toolgate_provider_circuit_open)')).data.result[0]?.value[1] === '1',
    'Prometheus to scrape the open circuit',
    30_000,
  );
}, 240_000);

afterAll(async () => {
  if (prometheus) await killed(prometheus);
  if (api) await killed(api.child);
  if (worker) await killed(worker);
  await model?.close();
  await database?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function prometheusQuery(expr: string): Promise<any> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return response.json();
}

async function scrape(port: number): Promise<{ text: string; parsed: Scrape }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return { text, parsed: parsePrometheusText(text) };
}

describe('monitoring a deployment', () => {
  it('passes promtool’s lint for the service’s and the Temporal SDK’s metrics, and its check of the compose Prometheus configuration', async () => {
    for (const port of [ports.api, ports.worker]) {
      const { text } = await scrape(port);
      // prom-client's own process metrics are left out: three of its gauge names end in _total, which is not ours to change.
      const ours = text
        .split('\n')
        .filter((line) => /^(# (HELP|TYPE) )?(toolgate|temporal)_/.test(line))
        .join('\n');
      expect(execFileSync(tools.promtool, ['check', 'metrics'], { input: `${ours}\n`, encoding: 'utf8' })).toBe('');
    }
    const checked = execFileSync(tools.promtool, ['check', 'config', path.join(root, 'monitoring', 'prometheus.yml')], { encoding: 'utf8' });
    expect(checked).toContain('SUCCESS');
  });

  it("exports from the worker its subscriber's lag, its tool runs and provider requests, and the Temporal SDK's worker metrics", async () => {
    const { parsed } = await scrape(ports.worker);
    expect(parsed.samples.filter((s) => s.name === 'toolgate_subscriber_lag_events').map((s) => s.labels.subscription)).toContain('projection-calls');
    expect(parsed.sum('toolgate_tool_run_duration_seconds_count', { tool: 'chat', outcome: 'ok' })).toBe(2);
    expect(parsed.sum('toolgate_upstream_requests_total', { upstream: 'openai', outcome: 'failed' })).toBe(3);
    expect(parsed.sum('toolgate_provider_circuit_open', { circuit: 'openai' })).toBe(1);
    expect(parsed.sum('temporal_worker_task_slots_available', { worker_type: 'ActivityWorker' })).toBeGreaterThan(0);
    expect(parsed.sum('temporal_activity_schedule_to_start_latency_seconds_count')).toBeGreaterThan(0);
    // The API process runs no worker: the calls it answered are counted where their events were committed.
    const fromApi = (await scrape(ports.api)).parsed;
    expect(fromApi.families.has('temporal_worker_task_slots_available')).toBe(false);
    expect(fromApi.sum('toolgate_http_request_duration_seconds_count', { route: '/chat', status: '200' })).toBe(2);
    expect(parsed.sum('toolgate_calls_total', { tool: 'chat', status: 'completed' })).toBe(2);
  });

  it('answers every query of the Grafana dashboard from the metrics the service exports', async () => {
    const families = new Map([...(await scrape(ports.api)).parsed.families, ...(await scrape(ports.worker)).parsed.families]);
    const problems: string[] = [];
    for (const { panel, expr } of queries) {
      for (const name of metricFamiliesOf(expr)) if (!familyIn(name, families)) problems.push(`${panel}: ${name} is exported by neither process`);
      const answer = await prometheusQuery(promQl(expr));
      if (answer.status !== 'success') problems.push(`${panel}: ${answer.error}`);
    }
    expect(problems).toEqual([]);
  });

  it('shows the traffic it was given on the panels an operator opens first', async () => {
    const value = async (expr: string) => {
      const { data } = await prometheusQuery(promQl(expr));
      return data.result as { metric: Record<string, string>; value: [number, string] }[];
    };
    const byPanel = (title: string) => dashboard.panels.find((panel) => panel.title === title)!.targets!.map((t) => t.expr);
    const [callsByStatus] = byPanel('Calls / s by status');
    // The failed call's series appeared at its first value, which rate() cannot see grow: only the completed ones show.
    expect((await value(callsByStatus!)).map((r) => r.metric.status)).toContain('completed');
    const [reserved] = byPanel('Money reserved vs settled (USD / min)');
    expect(Number((await value(reserved!))[0]!.value[1])).toBeGreaterThan(0);
    const [p50] = byPanel('API latency p50 / p95');
    // A rate needs two scrapes of the API's histogram after the traffic; the calls' count above is the worker's.
    const latency = await waitFor(
      async () => {
        const p50s = Number((await value(p50!))[0]?.value[1]);
        return Number.isFinite(p50s) ? p50s : null;
      },
      "Prometheus to see the API's latency grow",
      30_000,
    );
    expect(latency).toBeGreaterThan(0);
    const [failures] = byPanel('Provider failures / s');
    expect((await value(failures!)).map((r) => r.metric.upstream)).toEqual(['openai']);
    const [circuits] = byPanel('Open circuits by provider');
    expect((await value(circuits!)).map((r) => [r.metric.circuit, r.value[1]])).toEqual([['openai', '1']]);
    const [lag] = byPanel('Subscriber lag');
    expect((await value(lag!)).length).toBeGreaterThan(5);
    const [, free] = byPanel('Worker task slots');
    expect((await value(free!)).map((r) => r.metric.worker_type).sort()).toEqual(['ActivityWorker', 'LocalActivityWorker', 'WorkflowWorker']);
    const [workflowTasks] = byPanel('Schedule-to-start p95');
    expect(Number((await value(workflowTasks!))[0]!.value[1])).toBeGreaterThanOrEqual(0);
  });
});
