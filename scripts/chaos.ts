import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../core/db/createDb';
import { LIVE_SCHEMA } from '../core/projections';
import { generateKey, topUp } from '../test/support/accounts';
import { CallbackReceiver } from '../test/support/callbackReceiver';
import { bundleWorkflows } from '../workers/workflowBundle';
import { ChaosStack } from './chaos/chaosStack';
import {
  type Check,
  deliveriesArrived,
  everyCallerAnswered,
  jobsFinishedWithCallback,
  ledgerAddsUp,
  noCallTwice,
  replayWithoutDrift,
  reconciles,
  reservationsClosedOnce,
} from './chaos/invariants';
import { onTheWire, pause, send, startLoad, type TrackedRequest } from './chaos/load';
import { Supervised } from './chaos/supervisor';
import { dataDir, projectRoot } from './services/paths';
import { wholeNumberOption } from './services/commandLine';

const HELP = `Usage: npm run chaos [-- --ci] [-- --temporal=production] [-- --duration SECONDS] [-- --keys N] [-- --pg-port N] [-- --temporal-port N] [-- --api-port N] [-- --help]

Runs the service under a steady load of paid calls, async jobs (with callbacks) and webhook deliveries on several
keys, and meanwhile kill -9s the worker, kill -9s the API, restarts PostgreSQL and restarts the Temporal dev server,
each once, mid-flight. Afterwards it checks that every reservation was settled or refunded exactly once, every job
completed or failed with its callback sent, every delivery arrived, no call ran twice, the balances add up with
nothing left reserved, \`npm run replay\` finds no drift, every caller got its answer or collects it with its
X-Request-Id, and \`npm run audit -- --reconcile\` finds no discrepancy (after \`--checkpoint\`). Prints a table of what was injected and what was checked; exits 1 if a check fails.

Everything runs on its own PostgreSQL cluster and Temporal dev server (ports below, data in DATA_DIR/chaos), started
and stopped here: the services other work uses are never touched. The API and the worker are separate processes,
restarted by a supervisor when they exit (logs in DATA_DIR/chaos/logs).

  --ci                 the bounded run CI makes (60 s of load instead of 120)
  --temporal=production  the production Temporal server (built from go.temporal.io/server: PostgreSQL persistence
                       on the chaos cluster, 4 history shards, mTLS) instead of the dev server; restarting
                       PostgreSQL is then an outage of Temporal's persistence too
  --duration SECONDS   how long the load runs (default 120)
  --keys N             keys the load is spread over (default 3)
  --pg-port N          port of the chaos PostgreSQL cluster (default 54339)
  --temporal-port N    gRPC port of the chaos Temporal dev server (default 7333; HTTP on +10, UI on +1000)
  --api-port N         port of the API under test (default 3399)`;

interface Options {
  readonly temporal: 'dev' | 'production';
  readonly duration: number;
  readonly keys: number;
  readonly pgPort: number;
  readonly temporalPort: number;
  readonly apiPort: number;
}

function parseArgs(argv: readonly string[]): Options | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const value = (name: string, fallback: number) => wholeNumberOption(argv, name, fallback);
  return {
    temporal: argv.includes('--temporal=production') || argv.join(' ').includes('--temporal production') ? 'production' : 'dev',
    duration: value('--duration', argv.includes('--ci') ? 60 : 120),
    keys: value('--keys', 3),
    pgPort: value('--pg-port', 54339),
    temporalPort: value('--temporal-port', 7333),
    apiPort: value('--api-port', 3399),
  };
}

const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const say = (line: string) => process.stderr.write(`[chaos ${elapsed().toFixed(1).padStart(6)} s] ${line}\n`);

interface Injection {
  readonly at: number;
  readonly fault: string;
  readonly onTheWire: number;
  readonly jobsOpen: number | string;
  recoveredAfter?: number;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options === 'help') {
    console.log(HELP);
    return 0;
  }
  const root = path.join(dataDir(), 'chaos');
  const logs = path.join(root, 'logs');
  // A run starts from nothing: no workflows or events of an earlier run.
  rmSync(path.join(root, 'temporal'), { recursive: true, force: true });
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });

  const temporalPorts = { grpc: options.temporalPort, http: options.temporalPort + 10, ui: options.temporalPort + 1000 };
  const stack = new ChaosStack(root, { postgres: options.pgPort, temporal: temporalPorts }, say, options.temporal);
  const receiver = await CallbackReceiver.start();
  const services: Supervised[] = [];
  try {
    const startedAt = new Date();
    await stack.start();
    const databaseUrl = await stack.freshDatabase('toolgate_chaos');
    say('bundling the workflows once for every worker start');
    const bundlePath = path.join(root, 'workflow-bundle.js');
    writeFileSync(bundlePath, await bundleWorkflows(path.join(projectRoot, 'workflows'), quietLogger));

    const baseUrl = `http://127.0.0.1:${options.apiPort}`;
    const env = serviceEnv({ databaseUrl, temporalEnv: stack.temporalEnv, apiPort: options.apiPort, bundlePath });
    const tsx = (entry: string) => [process.execPath, ['--import', 'tsx', path.join(projectRoot, entry)]] as const;
    const worker = new Supervised('worker', ...tsx('workers/main.ts'), env, path.join(logs, 'worker.log'), projectRoot);
    const api = new Supervised('api', ...tsx('api/server.ts'), env, path.join(logs, 'api.log'), projectRoot);
    services.push(worker, api);
    worker.start();
    api.start();

    const probeKey = await waitForService(baseUrl, 'the API and worker', 120_000, async () => (await generateKey(baseUrl, 'probe')).key);
    const keys = [];
    for (let n = 0; n < options.keys; n++) {
      const key = await generateKey(baseUrl, `chaos-${n}`);
      const funded = await topUp(baseUrl, 'dev-admin-token', key.key, 100);
      if (funded.status !== 200) throw new Error(`top-up answered ${funded.status}`);
      const hook = await fetch(`${baseUrl}/webhooks/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...key.auth },
        body: JSON.stringify({ url: receiver.url(`/hooks/${n}`), events: ['low_balance', 'payment_received'] }),
      });
      if (hook.status !== 200) throw new Error(`webhook registration answered ${hook.status}: ${await hook.text()}`);
      keys.push(key.key);
    }

    say(`steady load for ${options.duration} s on ${keys.length} keys: paid calls, async jobs with callbacks, webhook test events`);
    const loadStarts = Date.now();
    const loadEnds = loadStarts + options.duration * 1000;
    const load = startLoad(
      { baseUrl: () => baseUrl, keys, callbackUrl: receiver.url('/jobs'), callersPerKey: 2, patienceMs: 20_000 },
      () => Date.now() > loadEnds,
    );
    const probes: TrackedRequest[] = [];
    const recovered = async (injection: Injection, from: number) => {
      for (;;) {
        const probe: TrackedRequest = {
          kind: 'call',
          key: probeKey,
          requestId: `chaos-probe-${probes.length}`,
          path: '/sentiment',
          body: { text: 'probe' },
          attempts: 0,
          lastStatus: -1,
        };
        probes.push(probe);
        for (let i = 0; i < 30 && !probe.answer; i++) {
          await send(baseUrl, probe);
          if (!probe.answer) await pause(500);
        }
        if (probe.answer) break;
      }
      injection.recoveredAfter = (Date.now() - from) / 1000;
      say(`  recovered: a paid call is answered again ${injection.recoveredAfter.toFixed(1)} s after the fault`);
    };

    const faults: [string, () => Promise<void>][] = [
      ['kill -9 the worker (down 3 s)', async () => worker.kill9(3000)],
      ['kill -9 the API (down 2 s)', async () => api.kill9(2000)],
      ['restart PostgreSQL (down 3 s)', () => stack.restartPostgres(3000)],
      [`restart the Temporal ${options.temporal} server (down 3 s)`, () => stack.restartTemporal(3000)],
    ];
    const injections: Injection[] = [];
    const spacing = (options.duration * 1000) / (faults.length + 1);
    for (const [index, [fault, inject]] of faults.entries()) {
      await pause(Math.max(0, loadStarts + spacing * (index + 1) - Date.now()));
      const injection: Injection = { at: elapsed(), fault, onTheWire: onTheWire.count, jobsOpen: await openJobs(databaseUrl) };
      injections.push(injection);
      say(`inject: ${fault} (${injection.onTheWire} requests on the wire, ${injection.jobsOpen} jobs open)`);
      const faultAt = Date.now();
      await inject();
      await recovered(injection, faultAt);
    }
    await load.done;
    say(`load over: ${load.requests.length} requests; checking`);

    const requests = [...load.requests, ...probes];
    const db = createDb({ connectionString: databaseUrl, max: 4 });
    try {
      const checks: Check[] = [await everyCallerAnswered(baseUrl, db, requests)];
      checks.push(await eventually(() => jobsFinishedWithCallback(db, receiver), 120_000));
      checks.push(await eventually(async () => deliveriesArrived(requests, receiver), 60_000));
      checks.push(await eventually(() => reservationsClosedOnce(db), 60_000));
      checks.push(await noCallTwice(db));
      checks.push(await eventually(() => ledgerAddsUp(db), 60_000));
      checks.push(await replayWithoutDrift(db, 60_000));
      checks.push(await eventually(() => reconciles(env, startedAt), 120_000));
      printTables(injections, checks, services);
      return checks.every((c) => c.ok) ? 0 : 1;
    } finally {
      await db.destroy();
    }
  } finally {
    for (const service of services.reverse()) await service.stop();
    await receiver.down();
    await stack.stop();
  }
}

function serviceEnv(options: { databaseUrl: string; temporalEnv: Record<string, string>; apiPort: number; bundlePath: string }): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TEMPORAL_'))),
    ...options.temporalEnv,
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    TEMPORAL_TASK_QUEUE: 'chaos',
    EMBEDDED_WORKER: 'false',
    HOST: '127.0.0.1',
    PORT: String(options.apiPort),
    PUBLIC_BASE_URL: `http://127.0.0.1:${options.apiPort}`,
    WORKFLOW_BUNDLE_PATH: options.bundlePath,
    RATE_LIMIT_PER_MINUTE: '1000000',
    KEY_RATE_LIMIT_PER_MINUTE: '1000000',
    TRIAL_KEYS_PER_IP_DAILY: '1000000',
    ALLOW_LOCAL_HTTP: 'true',
    CALL_TIMEOUT_SECONDS: '10',
    WEBHOOK_RETRY_FIRST_MS: '500',
    WEBHOOK_RETRY_MAX_INTERVAL_MS: '2000',
    DEV_CHAIN: 'false',
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    GOOGLE_API_KEY: '',
    MISTRAL_API_KEY: '',
    GROQ_API_KEY: '',
    DEEPSEEK_API_KEY: '',
    XAI_API_KEY: '',
  };
}

async function waitForService<T>(baseUrl: string, what: string, timeoutMs: number, ready: () => Promise<T>): Promise<T> {
  const until = Date.now() + timeoutMs;
  say(`waiting for ${what} at ${baseUrl}`);
  for (;;) {
    try {
      const value = await ready();
      // A paid call proves the worker serves the queue too.
      const probe = await fetch(`${baseUrl}/sentiment`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${String(value)}` },
        body: '{"text":"ready?"}',
      });
      if (probe.status === 200) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s (see ${path.join(dataDir(), 'chaos', 'logs')})`);
    await pause(1000);
  }
}

async function openJobs(databaseUrl: string): Promise<number | string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${LIVE_SCHEMA}.jobs where status in ('pending', 'running')`);
    return rows[0]?.n ?? 0;
  } catch {
    return '?';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A check that may need the system to settle (deliveries retrying, the subscriber catching up): the first pass, or the last failure. */
async function eventually(run: () => Promise<Check>, timeoutMs: number): Promise<Check> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await run();
    if (result.ok || Date.now() > until) return result;
    await pause(2000);
  }
}

function printTables(injections: readonly Injection[], checks: readonly Check[], services: readonly Supervised[]): void {
  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
  };
  console.log('\nInjected');
  console.log(
    table(
      ['at (s)', 'fault', 'requests on the wire', 'jobs open', 'a paid call answered again after (s)'],
      injections.map((i) => [i.at.toFixed(1), i.fault, String(i.onTheWire), String(i.jobsOpen), i.recoveredAfter?.toFixed(1) ?? '—']),
    ),
  );
  const restarts = services.map((s) => `${s.name}: ${s.unplannedRestarts}`).join(', ');
  console.log(`(unplanned restarts by the supervisor, processes that exited on their own: ${restarts})`);
  console.log('\nChecked');
  console.log(
    table(
      ['check', 'result', 'detail'],
      checks.map((c) => [c.name, c.ok ? 'pass' : 'FAIL', c.detail]),
    ),
  );
}

const quietLogger = { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} };

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
