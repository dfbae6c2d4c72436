import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createEmbedder, createLocalEmbeddingModel } from '../../activities/embeddings';
import { createDb } from '../../core/db/createDb';
import { migrate } from '../../core/db/migrate';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { loadConfig } from '../../core/config/loadConfig';
import { findEmbeddingModel, LOCAL_EMBEDDING_MODEL_ID } from '../../schema/models';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { ensureEmbeddingModel } from '../../scripts/services/embeddingModel';
import { ensureLocalStack } from '../../scripts/services/localStack';
import { WORKER_NODE_FLAGS } from '../../scripts/services/nodeFlags';
import { dataDir, projectRoot } from '../../scripts/services/paths';
import { type Say, startProcess, stopProcess, waitFor } from '../../scripts/services/processes';
import { timeLoops } from './latency';
import { offlineMeaningTimes } from './offlineMeaningBench';

/** Sentences of everyday length (8-20 words), different each time so nothing is served twice. */
function sentence(i: number): string {
  const subjects = ['The harbour', 'A small team', 'Our new dog', 'The quarterly report', 'Rising sea temperatures', 'The night train'];
  const verbs = ['changed', 'surprised', 'worried', 'delighted', 'slowed down', 'reshaped'];
  const objects = ['everyone in the village', 'the coral reefs nearby', 'the board of directors', 'the morning commute', 'our weekend plans'];
  return `${subjects[i % 6]} ${verbs[(i >> 1) % 6]} ${objects[(i >> 2) % 5]} in week ${i}, more than anyone had expected.`;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The local embedding model's figures: in this process (load, one text at a time, batches, callers at once), then
 * through the service (POST /v1/embeddings with a key: HTTP, ledger, workflow, a standalone worker) with that
 * worker's memory before and after the model is loaded.
 */
export async function benchEmbeddings(options: { seconds: number; say: Say }): Promise<Record<string, unknown>> {
  const { say, seconds } = options;
  const config = loadConfig();
  const model = await ensureEmbeddingModel({ dataDir: dataDir(config.dataDir), configuredPath: config.localEmbeddingModelPath, say });
  const window = findEmbeddingModel(LOCAL_EMBEDDING_MODEL_ID)!.maxInputTokens;
  const local = createLocalEmbeddingModel({ modelPath: model.path, threads: config.localEmbeddingThreads });
  const results: Record<string, unknown> = { model: LOCAL_EMBEDDING_MODEL_ID, file: path.relative(projectRoot, model.path) };
  let n = 0;
  const next = () => sentence(n++);
  try {
    say('local model in this process: load, then one text per request, batches of 32, and 4 callers at once');
    const started = performance.now();
    await local.embed({ inputs: ['warm up'], windowTokens: window, truncate: false });
    results.loadMs = Math.round(performance.now() - started);
    const one = await timeLoops(1, seconds, () => local.embed({ inputs: [next()], windowTokens: window, truncate: false }));
    const batch = await timeLoops(1, seconds, () => local.embed({ inputs: Array.from({ length: 32 }, next), windowTokens: window, truncate: false }));
    const four = await timeLoops(4, seconds, () => local.embed({ inputs: [next()], windowTokens: window, truncate: false }));
    results.inProcess = {
      single: { textsPerSecond: round(one.perSecond), p50MsPerText: one.p50Ms, p95MsPerText: one.p95Ms },
      batch32: { textsPerSecond: round(batch.perSecond * 32), p50MsPerText: round(batch.p50Ms / 32) },
      callers4: { textsPerSecond: round(four.perSecond), p50MsPerRequest: four.p50Ms },
    };
    say("the offline tools that read meaning: the similarity made per call against the worker's one");
    const withModel = { ...config, localEmbeddingModelPath: model.path };
    results.offlineByMeaning = await offlineMeaningTimes(createEmbedder(withModel, { local }), withModel);
  } finally {
    await local.close();
  }
  results.service = await throughTheService({ seconds, say, next });
  const rows = [
    ['local embeddings', 'texts/s', 'p50 ms/text', 'p95 ms'],
    ['one text a request (in-process)', ...rowOf(results.inProcess, 'single')],
    ['32 texts a request (in-process)', ...rowOf(results.inProcess, 'batch32')],
    ['POST /v1/embeddings, 1 caller', ...rowOf(results.service, 'http')],
    ['POST /v1/embeddings, 16 callers', ...rowOf(results.service, 'http16')],
  ];
  for (const [label, ...cells] of rows) console.log(`${label!.padEnd(36)}${cells.map((c) => c.padStart(12)).join('')}`);
  for (const [tool, t] of Object.entries(results.offlineByMeaning as Awaited<ReturnType<typeof offlineMeaningTimes>>)) {
    console.log(`/${tool} offline, p50 ms: similarity made per call ${t.perCall.p50Ms}, the worker's ${t.perWorker.p50Ms}`);
  }
  const service = results.service as { workerRssMiB: { beforeModel: number; withModel: number } };
  say(
    `model load ${String(results.loadMs)} ms; standalone worker RSS ${service.workerRssMiB.beforeModel} MiB before the model, ${service.workerRssMiB.withModel} MiB with it loaded`,
  );
  return results;
}

function rowOf(group: unknown, name: string): string[] {
  const row = (group as Record<string, Record<string, number>>)[name]!;
  return [String(row.textsPerSecond ?? ''), String(row.p50MsPerText ?? ''), String(row.p95MsPerText ?? row.p95Ms ?? '')];
}

const round = (x: number) => Math.round(x * 10) / 10;

async function throughTheService(options: { seconds: number; say: Say; next: () => string }): Promise<Record<string, unknown>> {
  const { say } = options;
  const stack = await ensureLocalStack({ database: 'postgres', say, headlessTemporal: true, quietTemporal: true });
  const name = 'toolgate_bench_embeddings';
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = withDatabase(stack.databaseUrl, name);
  const db = createDb({ connectionString: databaseUrl, max: 2 });
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
  await db.destroy();

  const port = await freePort();
  const env = {
    ...process.env,
    APP_ENV: 'development',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: `bench-embeddings-${Date.now().toString(36)}`,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DEV_CHAIN: 'false',
    CATALOG_SEED: 'false',
    // The standalone worker runs every call, so its memory is the one measured.
    EMBEDDED_WORKER: 'false',
    KEY_RATE_LIMIT_PER_MINUTE: '100000000',
    // Capacity is measured here, not shedding: admission off unless the shell says otherwise (as the cost windows).
    ADMISSION_INITIAL_LIMIT: process.env.ADMISSION_INITIAL_LIMIT ?? '0',
  };
  const run = (label: string, entry: string, flags: string[] = []) =>
    startProcess(label, process.execPath, [...flags, '--import', 'tsx', path.join(projectRoot, entry)], { env, cwd: projectRoot });
  const worker = run('worker', 'workers/main.ts', [...WORKER_NODE_FLAGS]);
  const api = run('api', 'api/server.ts');
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor('the API', async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, 120_000, say);
    const made = (await (await fetch(`${base}/auth/generate-key`, { method: 'POST' })).json()) as { key: string };
    await fetch(`${base}/auth/topup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Admin-Token': loadConfig(env).adminToken },
      body: JSON.stringify({ key: made.key, amount_usd: 1000 }),
    });
    const embed = async (input: string) => {
      const response = await fetch(`${base}/v1/embeddings`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${made.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'local', input }),
      });
      if (!response.ok) throw new Error(`/v1/embeddings answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    // A paid call of another tool first, so the worker's baseline is a worker that has run calls, not an idle one.
    await fetch(`${base}/sentiment`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${made.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'warming up' }),
    });
    const beforeModel = rssMiB(worker.pid!);
    say('POST /v1/embeddings through the service, one caller');
    const first = performance.now();
    await embed('load the model');
    const firstCallMs = Math.round(performance.now() - first);
    const http = await timeLoops(1, options.seconds, () => embed(options.next()));
    say('POST /v1/embeddings through the service, 16 callers at once (a text each)');
    const http16 = await timeLoops(16, options.seconds, () => embed(options.next()));
    const withModel = rssMiB(worker.pid!);
    return {
      firstCallMs,
      http: { textsPerSecond: round(http.perSecond), p50MsPerText: http.p50Ms, p95Ms: http.p95Ms },
      http16: { textsPerSecond: round(http16.perSecond), p50MsPerText: http16.p50Ms, p95Ms: http16.p95Ms },
      workerRssMiB: { beforeModel: Math.round(beforeModel), withModel: Math.round(withModel) },
    };
  } finally {
    await Promise.all([stopProcess(api), stopProcess(worker)]);
    await stack.stop();
  }
}
