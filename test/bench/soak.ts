import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { projectRoot } from '../../scripts/services/paths';
import type { Say } from '../../scripts/services/processes';
import { benchEnv, dropBenchDatabase, freePort, freshMigratedDatabase, fundedKeys, postgresProcesses, REVIEW, startArrangement } from './arrangement';
import { readProcessCpuMs, readProcessMemory, type Watched } from './processUsage';
import { type BenchStack, temporalProcessesOf } from './benchStack';

/** One sample of every process: resident memory (PSS for PostgreSQL's processes) and, for ours, the V8 heap in use. */
export interface SoakSample {
  readonly atSeconds: number;
  readonly rssMiB: Record<string, number>;
  readonly heapUsedMiB: Record<string, number>;
  /**
   * For ours, what V8 holds beside the heap in use: the heap it has committed (used or not) and memory outside it that
   * it accounts for (Buffers, ArrayBuffers). RSS growing beyond these three is native memory: the allocator, the SDK core.
   */
  readonly heapTotalMiB?: Record<string, number>;
  readonly externalMiB?: Record<string, number>;
  /** CPU each process has used since the arrangement started, in ms. */
  readonly cpuMs: Record<string, number>;
  readonly calls: number;
}

export interface SoakSeries {
  readonly arrangement: string;
  readonly minutes: number;
  readonly ratePerSecond: number;
  readonly apiFlags: readonly string[];
  readonly apiEnv: Record<string, string>;
  readonly workerFlags?: readonly string[];
  readonly workerEnv?: Record<string, string>;
  readonly samples: SoakSample[];
  readonly traffic: Record<string, { ok: number; failed: number; firstFailure?: string }>;
  readonly callbacks: Record<string, number>;
  /** Per process: the median of the first minute after warm-up, the highest sample after it, the median of the last minute. */
  readonly summary: Record<
    string,
    { warmMiB: number; peakMiB: number; endMiB: number; growthPercent: number; peakGrowthPercent: number; cpuMsPerCall: number | null }
  >;
  readonly heapSnapshots?: string[];
}

const SAMPLE_EVERY_MS = 10_000;

/**
 * What the soak sends, as shares of its rate: mostly paid calls, as the service's traffic is, with every other path a
 * call can take beside them, so that whatever one of them keeps per call shows in the series.
 */
const MIX = [
  ['paid', 10],
  ['freeTier', 3],
  ['asyncJob', 2],
  ['webhook', 1],
  ['mcp', 2],
  ['stream', 2],
] as const;
type Kind = (typeof MIX)[number][0];

/** A receiver of job callbacks and webhook deliveries that counts them by path and keeps nothing. */
async function countingReceiver(): Promise<{ url: (path: string) => string; counts: Record<string, number>; close(): Promise<void> }> {
  const counts: Record<string, number> = {};
  const server = http.createServer((request, response) => {
    request.resume().on('end', () => {
      counts[request.url ?? '/'] = (counts[request.url ?? '/'] ?? 0) + 1;
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    counts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The V8 heap in use, the heap committed and external memory, from a process's /metrics (prom-client's defaults); null when it cannot be read. */
async function v8Memory(metricsUrl: string): Promise<{ used: number; total: number; external: number } | null> {
  const text = await fetch(metricsUrl)
    .then((r) => r.text())
    .catch(() => null);
  const mib = (metric: string) => {
    const value = text && new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1];
    return value ? Math.round(Number(value) / 1024 / 1024) : null;
  };
  const [used, total, external] = [mib('nodejs_heap_size_used_bytes'), mib('nodejs_heap_size_total_bytes'), mib('nodejs_external_memory_bytes')];
  return used === null ? null : { used, total: total ?? 0, external: external ?? 0 };
}

function summarise(samples: readonly SoakSample[], warmUpSeconds: number): SoakSeries['summary'] {
  const afterWarmUp = samples.filter((s) => s.atSeconds >= warmUpSeconds);
  if (afterWarmUp.length < 2) return {};
  const names = Object.keys(afterWarmUp[0]!.rssMiB);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const percent = (to: number, from: number) => Math.round(((to - from) / from) * 1000) / 10;
  // A heap's memory is a saw (it grows until a collection, then drops): the warm and end figures are each the median
  // of a minute's samples, so that growth means a trend across the run, not where in its cycle a sample fell.
  const minute = Math.max(1, Math.round(60_000 / SAMPLE_EVERY_MS));
  return Object.fromEntries(
    names.map((name) => {
      const series = afterWarmUp.map((s) => s.rssMiB[name] ?? 0);
      const warm = median(series.slice(0, minute));
      const peak = Math.max(...series);
      const end = median(series.slice(-minute));
      // CPU per operation answered after warm-up (the shared servers' includes whatever else they served meanwhile).
      const [first, last] = [afterWarmUp[0]!, afterWarmUp.at(-1)!];
      const calls = last.calls - first.calls;
      const cpuMsPerCall = calls > 0 ? Math.round((((last.cpuMs[name] ?? 0) - (first.cpuMs[name] ?? 0)) / calls) * 10) / 10 : null;
      return [name, { warmMiB: warm, peakMiB: peak, endMiB: end, growthPercent: percent(end, warm), peakGrowthPercent: percent(peak, warm), cpuMsPerCall }];
    }),
  );
}

/**
 * The soak run: the mix above at a steady rate for `minutes`, against one arrangement, with every process's memory
 * sampled each 10 s and printed. With `heapSnapshots`, the API writes a V8 heap snapshot at the end of warm-up and at
 * the end (into bench-results/heap/), for test/bench/heapDiff.ts to compare.
 */
export async function soakArrangement(options: {
  embedded: boolean;
  compiled: boolean;
  env: NodeJS.ProcessEnv;
  base: string;
  adminToken: string;
  minutes: number;
  ratePerSecond: number;
  warmUpSeconds: number;
  heapSnapshots: boolean;
  apiFlags: readonly string[];
  apiEnv: Record<string, string>;
  workerFlags: readonly string[];
  workerEnv: Record<string, string>;
  shared: readonly Watched[];
  say: Say;
}): Promise<SoakSeries> {
  const { say } = options;
  const receiver = await countingReceiver();
  const [apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
  const heapDir = path.join(projectRoot, 'bench-results', 'heap');
  const name = options.embedded ? 'embeddedWorker' : 'apiAlone';
  if (options.heapSnapshots) {
    mkdirSync(heapDir, { recursive: true });
    for (const file of readdirSync(heapDir)) if (file.startsWith(`${name}-`)) rmSync(path.join(heapDir, file));
  }
  const arrangement = await startArrangement({
    embedded: options.embedded,
    compiled: options.compiled,
    env: options.env,
    base: options.base,
    say,
    apiFlags: [...options.apiFlags, ...(options.heapSnapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`] : [])],
    apiEnv: { ...options.apiEnv, METRICS_PORT: String(apiMetricsPort) },
    workerFlags: options.workerFlags,
    workerEnv: { ...options.workerEnv, WORKER_METRICS_PORT: String(workerMetricsPort) },
  });
  const metricsOf: Record<string, string> = {
    api: `http://127.0.0.1:${apiMetricsPort}/metrics`,
    worker: `http://127.0.0.1:${workerMetricsPort}/metrics`,
  };
  const groups = [...arrangement.groups, ...options.shared];
  const traffic = Object.fromEntries(MIX.map(([kind]) => [kind, { ok: 0, failed: 0 } as { ok: number; failed: number; firstFailure?: string }]));
  const samples: SoakSample[] = [];
  const snapshots: string[] = [];
  let mcp: Client | undefined;
  try {
    const keys = await fundedKeys(options.base, options.adminToken, 16);
    const auth = (i: number) => ({ Authorization: `Bearer ${keys[i % keys.length]!}` });
    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${options.base}${p}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID(), ...headers },
        body: JSON.stringify(body),
      });
    for (let i = 0; i < keys.length; i++) {
      const registered = await post('/webhooks/register', { url: receiver.url('/hook'), events: ['low_balance'] }, auth(i));
      if (!registered.ok) throw new Error(`POST /webhooks/register answered ${registered.status}: ${await registered.text()}`);
    }
    // One MCP session held open, as an agent's client holds it; every 30 s a new one replaces it (sessions come and go).
    const connectMcp = async () => {
      const client = new Client({ name: 'soak', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${options.base}/mcp`), { requestInit: { headers: auth(0) } }));
      return client;
    };
    mcp = await connectMcp();
    let mcpOpened = Date.now();

    const ok = async (response: Response) => {
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 200)}`);
      return text;
    };
    let n = 0;
    const operations: Record<Kind, () => Promise<unknown>> = {
      paid: async () => ok(await post('/sentiment', { text: REVIEW }, auth(n++))),
      freeTier: async () => ok(await post('/sentiment', { text: REVIEW })),
      asyncJob: async () => ok(await post('/async/submit', { tool: 'sentiment', params: { text: REVIEW }, callback_url: receiver.url('/jobs') }, auth(n++))),
      webhook: async () => ok(await post('/webhooks/test-event', { event: 'low_balance' }, auth(n++))),
      stream: async () => {
        const text = await ok(await post('/stream/analyze', { text: REVIEW }, auth(n++)));
        if (!text.includes('event: done')) throw new Error(`the stream ended without its done event: ${text.slice(-200)}`);
      },
      mcp: async () => {
        if (Date.now() - mcpOpened > 30_000) {
          const old = mcp!;
          mcp = await connectMcp();
          mcpOpened = Date.now();
          await old.close();
        }
        const result = (await mcp!.callTool({ name: 'sentiment', arguments: { text: REVIEW } })) as { isError?: boolean; content?: unknown };
        if (result.isError) throw new Error(`MCP sentiment: ${JSON.stringify(result.content).slice(0, 200)}`);
      },
    };
    // A weighted round: each kind its share of every `total` operations, interleaved.
    const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
    const round: Kind[] = [];
    for (let i = 0; i < total; i++)
      for (const [kind, weight] of MIX) if (Math.floor(((i + 1) * weight) / total) > Math.floor((i * weight) / total)) round.push(kind);

    const started = Date.now();
    const endAt = started + options.minutes * 60_000;
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    const sample = async () => {
      const atSeconds = Math.round((Date.now() - started) / 1000);
      const rssMiB: Record<string, number> = {};
      const cpuMs: Record<string, number> = {};
      for (const group of groups) {
        rssMiB[group.name] = Math.round(readProcessMemory(group));
        cpuMs[group.name] = Math.round(readProcessCpuMs(group));
      }
      const heapUsed: Record<string, number> = {};
      const heapTotal: Record<string, number> = {};
      const external: Record<string, number> = {};
      for (const [process, url] of Object.entries(metricsOf)) {
        const v8 = await v8Memory(url);
        if (v8 === null) continue;
        heapUsed[process] = v8.used;
        heapTotal[process] = v8.total;
        external[process] = v8.external;
      }
      const calls = Object.values(traffic).reduce((sum, t) => sum + t.ok, 0);
      samples.push({ atSeconds, rssMiB, heapUsedMiB: heapUsed, heapTotalMiB: heapTotal, externalMiB: external, cpuMs, calls });
      const failed = Object.values(traffic).reduce((sum, t) => sum + t.failed, 0);
      say(
        `  ${String(Math.floor(atSeconds / 60)).padStart(3)}m${String(atSeconds % 60).padStart(2, '0')}s  ` +
          Object.entries(rssMiB)
            .map(([k, v]) => `${k} ${v}${heapUsed[k] !== undefined ? `/${heapUsed[k]}/${heapTotal[k]}/${external[k]}` : ''}`)
            .join('  ') +
          ` MiB (RSS/heap used/heap committed/external)  calls ${calls} (${failed} failed)  in flight ${inFlight.size}`,
      );
    };
    let snapshotTaken = false;
    const snapshot = async (label: string) => {
      if (!options.heapSnapshots || arrangement.api.pid === undefined) return;
      const before = new Set(readdirSync(heapDir));
      process.kill(arrangement.api.pid, 'SIGUSR2');
      // V8 writes the file while the API is paused; it is complete once the process answers again.
      for (let waited = 0; waited < 300_000; waited += 500) {
        await new Promise((r) => setTimeout(r, 500));
        const made = readdirSync(heapDir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
        if (made && (await fetch(`${options.base}/health`).catch(() => null))?.ok) {
          const named = `${name}-${label}.heapsnapshot`;
          renameSync(path.join(heapDir, made), path.join(heapDir, named));
          snapshots.push(path.join(heapDir, named));
          say(`  heap snapshot of the API: bench-results/heap/${named}`);
          return;
        }
      }
      say('  the API wrote no heap snapshot within 5 minutes');
    };
    await sample();
    let nextSample = started + SAMPLE_EVERY_MS;
    const interval = 1000 / options.ratePerSecond;
    while (Date.now() < endAt) {
      // A steady rate: the next operation is due at started + sent × interval, however long the last ones took; a
      // cap on what is in flight keeps a stalled service from being buried (the count shows it).
      const due = started + sent * interval;
      const now = Date.now();
      if (now < due) await new Promise((r) => setTimeout(r, Math.min(due - now, nextSample - now)));
      if (Date.now() >= nextSample) {
        nextSample += SAMPLE_EVERY_MS;
        await sample();
        if (!snapshotTaken && (Date.now() - started) / 1000 >= options.warmUpSeconds) {
          snapshotTaken = true;
          await snapshot('warm');
        }
        continue;
      }
      if (Date.now() < due) continue;
      const kind = round[sent % round.length]!;
      sent++;
      const entry = traffic[kind]!;
      if (inFlight.size >= 64) {
        entry.failed++;
        entry.firstFailure ??= 'not sent: 64 operations were still in flight';
        continue;
      }
      const op: Promise<void> = operations[kind]()
        .then(() => void entry.ok++)
        .catch((error: unknown) => {
          entry.failed++;
          entry.firstFailure ??= error instanceof Error ? error.message : String(error);
        })
        .finally(() => inFlight.delete(op));
      inFlight.add(op);
    }
    await Promise.all(inFlight);
    await sample();
    await snapshot('end');
    for (const [kind, t] of Object.entries(traffic)) if (t.failed) say(`  ${kind}: ${t.failed} failed, the first: ${t.firstFailure}`);
    return {
      arrangement: name,
      minutes: options.minutes,
      ratePerSecond: options.ratePerSecond,
      apiFlags: options.apiFlags,
      apiEnv: options.apiEnv,
      workerFlags: options.workerFlags,
      workerEnv: options.workerEnv,
      samples,
      traffic,
      callbacks: { ...receiver.counts },
      summary: summarise(samples, options.warmUpSeconds),
      ...(snapshots.length ? { heapSnapshots: snapshots } : {}),
    };
  } finally {
    await mcp?.close().catch(() => undefined);
    await arrangement.stop();
    await receiver.close();
  }
}

/** The value after a flag (`--soak 10`), or undefined. */
function flagValue(argv: readonly string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
}

/**
 * `npm run bench -- --soak N`: each arrangement soaked for N minutes on a fresh bench database, the series printed as
 * it goes and written to bench-results/soak.json (one entry per arrangement, kept from earlier runs for the other).
 */
export async function runSoak(
  argv: readonly string[],
  setup: { compiled: boolean; say: Say; stack: BenchStack; adminToken: (env: NodeJS.ProcessEnv) => string },
): Promise<Record<string, SoakSeries>> {
  const { say } = setup;
  const minutes = Number(flagValue(argv, '--soak'));
  if (!(minutes > 0)) throw new Error('--soak takes the minutes each arrangement runs, e.g. --soak 10');
  const ratePerSecond = Number(flagValue(argv, '--rate') ?? 10);
  const warmUpSeconds = Number(flagValue(argv, '--warm-up') ?? Math.min(120, minutes * 12));
  const only = flagValue(argv, '--only');
  const apiFlags = (flagValue(argv, '--api-flags') ?? '').split(/\s+/).filter(Boolean);
  const envOf = (flag: string) =>
    Object.fromEntries(
      (flagValue(argv, flag) ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
  const apiEnv = envOf('--api-env');
  const workerFlags = (flagValue(argv, '--worker-flags') ?? '').split(/\s+/).filter(Boolean);
  const workerEnv = envOf('--worker-env');
  const series: Record<string, SoakSeries> = {};
  for (const embedded of only === 'embedded' ? [true] : only === 'alone' ? [false] : [true, false]) {
    // A database of this run's own: two soaks at once (say, one taking heap snapshots) must not drop each other's.
    const databaseName = `toolgate_soak_${process.pid}`;
    const databaseUrl = await freshMigratedDatabase(setup.stack.databaseUrl, databaseName);
    const port = await freePort();
    const env = benchEnv({ databaseUrl, temporalAddress: setup.stack.temporalAddress, taskQueue: `soak-${Date.now().toString(36)}`, port });
    say(
      `soak: the API ${embedded ? 'with its embedded worker' : 'alone'} plus a standalone worker, ${minutes} min at ${ratePerSecond} operations/s ` +
        `(${MIX.map(([kind, weight]) => `${kind} ${weight}`).join(', ')} in every ${MIX.reduce((s, [, w]) => s + w, 0)}); warm-up ${warmUpSeconds} s`,
    );
    const result = await soakArrangement({
      embedded,
      compiled: setup.compiled,
      env,
      base: `http://127.0.0.1:${port}`,
      adminToken: setup.adminToken(env),
      minutes,
      ratePerSecond,
      warmUpSeconds,
      heapSnapshots: argv.includes('--heap-snapshots'),
      apiFlags,
      apiEnv,
      workerFlags,
      workerEnv,
      shared: [temporalProcessesOf(setup.stack), postgresProcesses],
      say,
    });
    for (const [name, s] of Object.entries(result.summary)) {
      say(
        `  ${name}: ${s.warmMiB} MiB after warm-up, peak ${s.peakMiB} (+${s.peakGrowthPercent}%), end ${s.endMiB} (${s.growthPercent >= 0 ? '+' : ''}${s.growthPercent}%)`,
      );
    }
    series[result.arrangement] = result;
    await dropBenchDatabase(setup.stack.databaseUrl, databaseName);
  }
  const file = path.join(projectRoot, 'bench-results', 'soak.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, SoakSeries>) : {};
  writeFileSync(file, JSON.stringify({ ...earlier, ...series }, null, 2));
  say(`written to ${file}`);
  return series;
}
