import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../core/db/createDb';
import { migrate } from '../../core/db/migrate';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { apiNodeFlags, apiProcessEnv, WORKER_NODE_FLAGS, WORKER_PROCESS_ENV } from '../../scripts/services/nodeFlags';
import { projectRoot } from '../../scripts/services/paths';
import { startProcess, stopProcess, waitFor, type Say } from '../../scripts/services/processes';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { httpLoad, type LoadResult } from './httpLoad';
import { pidsMatching, type Watched } from './processUsage';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A database of the bench's own in the stack's cluster, dropped and made again: each run starts from an empty log. */
export async function freshBenchDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(clusterUrl, name);
}

/**
 * freshBenchDatabase, migrated: before the API and the worker start, which would otherwise both migrate the empty
 * database at once.
 */
export async function freshMigratedDatabase(clusterUrl: string, name: string): Promise<string> {
  const databaseUrl = await freshBenchDatabase(clusterUrl, name);
  const db = createDb({ connectionString: databaseUrl, max: 2 });
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
  await db.destroy();
  await checkpoint(clusterUrl);
  return databaseUrl;
}

/**
 * Writes PostgreSQL's dirty pages out now: creating, migrating and dropping a bench database leaves hundreds of MB for
 * the next checkpoint, which otherwise lands inside a window (measured: 16 callers' rate read 13–17 calls/s instead
 * of 30–39).
 */
export async function checkpoint(clusterUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/** The review every bench's paid call analyses: praise and complaint in one text, so the tool does its whole work. */
export const REVIEW =
  'The support team was fantastic and answered within minutes, but the delivery was painfully slow and the box arrived damaged. I would still recommend the product itself: it works well.';

/** Paid POST /sentiment calls for `seconds`, `connections` callers each with a key of its own (handed out in turn). */
export function paidSentimentLoad(base: string, keys: readonly string[], connections: number): (seconds: number) => Promise<LoadResult> {
  return (seconds) =>
    httpLoad({
      url: `${base}/sentiment`,
      method: 'POST',
      body: { text: REVIEW },
      headersPerConnection: keys.map((key) => ({ Authorization: `Bearer ${key}` })),
      connections,
      seconds,
    });
}

/** Drops a database freshBenchDatabase made, once its run is over. */
export async function dropBenchDatabase(clusterUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** The environment the bench's API and workers run with: development, limits out of the way, no catalogue seeding, warnings only. */
export function benchEnv(options: { databaseUrl: string; temporalAddress: string; taskQueue: string; port: number }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: 'development',
    DATABASE_URL: options.databaseUrl,
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_TASK_QUEUE: options.taskQueue,
    PORT: String(options.port),
    LOG_LEVEL: 'warn',
    DEV_CHAIN: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    KEY_RATE_LIMIT_PER_MINUTE: '100000000',
    FREE_TIER_DAILY: '100000000',
    TRIAL_KEYS_PER_IP_DAILY: '1000',
    // Seeding the bundled catalogue makes the workers embed ~2,600 texts for search by meaning (~40 s of CPU): work
    // of a first start, not of a call, which would land in the first windows.
    CATALOG_SEED: 'false',
    // Admission off: the windows measure what a call costs, and 64 callers would otherwise be mostly refused (503s
    // counted as calls). The overload window (overloadBench.ts) runs with the deployment's admission.
    ADMISSION_INITIAL_LIMIT: process.env.ADMISSION_INITIAL_LIMIT ?? '0',
  };
}

/** PostgreSQL's postmaster and backends (their shared buffers counted once: PSS). The Temporal dev server: benchStack.ts. */
export const postgresProcesses: Watched = { name: 'postgres', pids: () => pidsMatching(/^postgres[: ]|\/bin\/postgres /), memory: 'pss' };

/** A node process of ours: the compiled build (dist/) as production runs it, or the source under tsx. */
export function startNode(
  name: string,
  entry: string,
  options: { compiled: boolean; env: NodeJS.ProcessEnv; nodeFlags?: readonly string[]; quiet?: boolean },
): ChildProcess {
  const script = options.compiled ? [path.join(projectRoot, 'dist', entry.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', path.join(projectRoot, entry)];
  return startProcess(name, process.execPath, [...(options.nodeFlags ?? []), ...script], { env: options.env, cwd: projectRoot, quiet: options.quiet });
}

export interface Arrangement {
  readonly name: 'embeddedWorker' | 'apiAlone';
  readonly api: ChildProcess;
  readonly worker: ChildProcess;
  /** The API and the worker, as process groups to watch (Temporal and PostgreSQL are the caller's). */
  readonly groups: readonly Watched[];
  stop(): Promise<void>;
}

/**
 * One of the two arrangements the bench measures, up and answering /health: the API with its embedded worker plus a
 * standalone worker, or the API alone plus a standalone worker — each with the node flags (and the worker with the
 * environment) docker-compose.yml gives it.
 */
export async function startArrangement(options: {
  embedded: boolean;
  compiled: boolean;
  env: NodeJS.ProcessEnv;
  base: string;
  say: Say;
  /** Extra node flags for the API (after its own), e.g. --heapsnapshot-signal. */
  apiFlags?: readonly string[];
  /** Extra node flags for the standalone worker (after its own), e.g. a profiler's --import. */
  workerFlags?: readonly string[];
  /** Extra environment for the API or the worker alone (e.g. each one's metrics port). */
  apiEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
}): Promise<Arrangement> {
  const { embedded, compiled, env } = options;
  const api = startNode('api', 'api/server.ts', {
    compiled,
    env: { ...env, ...apiProcessEnv(embedded), ...options.apiEnv, EMBEDDED_WORKER: String(embedded) },
    nodeFlags: [...apiNodeFlags(embedded), ...(options.apiFlags ?? [])],
  });
  const worker = startNode('worker', 'workers/main.ts', {
    compiled,
    env: { ...env, ...WORKER_PROCESS_ENV, ...options.workerEnv },
    nodeFlags: [...WORKER_NODE_FLAGS, ...(options.workerFlags ?? [])],
  });
  const stop = async () => {
    await Promise.all([stopProcess(api), stopProcess(worker)]);
  };
  try {
    await waitFor(
      'the API',
      async () => {
        if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode} (its output is above)`);
        return (await fetch(`${options.base}/health`).catch(() => null))?.ok ?? false;
      },
      120_000,
      options.say,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name: embedded ? 'embeddedWorker' : 'apiAlone',
    api,
    worker,
    groups: [
      { name: 'api', pids: () => (api.pid ? [api.pid] : []) },
      { name: 'worker', pids: () => (worker.pid ? [worker.pid] : []) },
    ],
    stop,
  };
}

/** Keys made and topped up through the API, as a customer's would be. */
export async function fundedKeys(base: string, adminToken: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const made = (await (await fetch(`${base}/auth/generate-key`, { method: 'POST' })).json()) as { key: string };
    await fetch(`${base}/auth/topup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Admin-Token': adminToken },
      body: JSON.stringify({ key: made.key, amount_usd: 5000 }),
    });
    keys.push(made.key);
  }
  return keys;
}

/** Committed PostgreSQL transactions in one database so far (pg_stat_database): read before and after a window. */
export async function committedTransactions(clusterUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    // Backends report their counts at most once a second: a clear snapshot, after that, reads what the window did.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.query('select pg_stat_clear_snapshot()');
    const row = await client.query<{ xact_commit: string }>('select xact_commit from pg_stat_database where datname = $1', [database]);
    return Number(row.rows[0]?.xact_commit ?? 0);
  } finally {
    await client.end();
  }
}
