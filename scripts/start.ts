import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '../core/db/createDb';
import { migrate } from '../core/db/migrate';
import { allProjections, LIVE_SCHEMA } from '../core/projections';
import { loadConfig } from '../core/config/loadConfig';
import { ensureChromium } from './services/chromium';
import { ensureDevChain } from './services/devChain';
import { ensureEmbeddingModel } from './services/embeddingModel';
import { ensureLocalStack } from './services/localStack';
import { ensureX402Paywall } from './services/x402Paywall';
import { dataDir } from './services/paths';
import { projectRoot } from './services/paths';
import { apiNodeFlags, apiProcessEnv, WORKER_NODE_FLAGS, WORKER_PROCESS_ENV } from './services/nodeFlags';
import { startProcess, stopProcess, waitFor } from './services/processes';

const HELP = `Usage: npm start [-- --temporal=production] [-- --help]

Starts the whole service with its embedded defaults: a local PostgreSQL cluster with pgvector and a Temporal dev
server (installing them when missing, Debian's Chromium for /data/screenshot and the local embedding model for
/v1/embeddings), the database migrations, a worker
and the API. Ctrl-C stops everything it started. DATABASE_URL / TEMPORAL_ADDRESS point it at existing servers
instead. The worker and the API run from the sources through tsx; with APP_ENV=production, or as npm run start:prod,
they run the build in dist/ on plain node (npm run build first).

  --temporal=production  instead of the dev server, the Temporal server as production runs it: built once from
                         go.temporal.io/server (~10–15 min, cached in .tools/), PostgreSQL persistence and SQL
                         visibility on the local cluster, 4 history shards, mTLS on its frontend and between its
                         services (a CA and certificates made in DATA_DIR/temporal-production/pki), its web UI on
                         http://localhost:8433. The API and worker connect with Temporal's own TLS variables.`;

const say = (line: string) => console.log(`▸ ${line}`);

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const config = loadConfig();
  const built = buildToRun(config.environment);
  say(`starting toolgate (${config.environment})`);
  // What this start started, stopped in reverse order when it fails or is stopped: a failed start leaves nothing running.
  const started: { readonly name: string; stop(): Promise<void> }[] = [];
  let stopping = false;
  // The stage the start is in, for the line saying what failed.
  const stage = { now: 'reading the configuration' };
  const stopAll = async (code: number, failure?: unknown) => {
    if (stopping) return;
    stopping = true;
    if (failure !== undefined) console.error(`\nnpm start failed while ${stage.now}: ${failure instanceof Error ? failure.message : String(failure)}`);
    say(started.length ? `stopping what this start started (${started.map((s) => s.name).join(', ')}) …` : 'stopping …');
    for (const service of [...started].reverse()) await service.stop().catch((error: unknown) => console.error(`stopping ${service.name}: ${String(error)}`));
    say('stopped');
    if (failure !== undefined)
      console.error(
        'Nothing this start started is left running (what was already running before it is left as it was): fix the cause above and run npm start again.',
      );
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  try {
    await startAll(config, built, started, stage, (name, code) => void stopAll(1, new Error(`${name} exited (${code})`)));
  } catch (error) {
    await stopAll(1, error);
  }
}

async function startAll(
  config: ReturnType<typeof loadConfig>,
  built: string | null,
  started: { readonly name: string; stop(): Promise<void> }[],
  stage: { now: string },
  exited: (name: string, code: number | null) => void,
): Promise<void> {
  // System packages before any server starts: an install under a running server can replace its files.
  stage.now = 'installing system packages (Chromium)';
  ensureChromium(config.chromiumPath, say);
  stage.now = 'starting PostgreSQL and Temporal';
  const stack = await ensureLocalStack({ database: 'toolgate', say, temporal: temporalChoice(process.argv) });
  started.push({ name: 'PostgreSQL and Temporal', stop: () => stack.stop() });
  stage.now = 'installing the local embedding model';
  await ensureEmbeddingModel({ dataDir: dataDir(config.dataDir), configuredPath: config.localEmbeddingModelPath, say });
  stage.now = 'installing the x402 paywall page';
  ensureX402Paywall(say);
  stage.now = 'applying migrations';
  say('applying migrations');
  const db = createDb({ connectionString: stack.databaseUrl, max: 2 });
  try {
    await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA, log: (line) => say(`  ${line}`) });
  } finally {
    await db.destroy();
  }

  // A local EVM with a USDC-style token and a funded demo payer, so x402 works end to end with no configuration.
  stage.now = 'starting the dev chain';
  const chain = config.devChain ? await ensureDevChain({ dataDir: dataDir(config.dataDir), port: config.devChainPort, say, persist: true }) : null;
  if (chain) {
    started.push({ name: 'the dev chain', stop: () => chain.stop() });
    say(`dev chain ready: ${chain.file} (rpcUrl, chainId, asset, payTo, payerPrivateKey)`);
  }

  const env = { ...process.env, DATABASE_URL: stack.databaseUrl, ...stack.temporalEnv };
  const node = (name: string, entry: string, nodeFlags: string[] = [], ownEnv: Readonly<Record<string, string>> = {}): ChildProcess =>
    built
      ? startProcess(name, process.execPath, [...nodeFlags, path.join(built, `${entry}.js`)], { env: { ...env, ...ownEnv }, cwd: projectRoot })
      : startProcess(name, process.execPath, [...nodeFlags, '--import', 'tsx', path.join(projectRoot, `${entry}.ts`)], {
          env: { ...env, ...ownEnv },
          cwd: projectRoot,
        });
  stage.now = 'starting the worker and the API';
  say(`starting the worker${built ? ` (${path.relative(projectRoot, built)}/)` : ''}`);
  const worker = node('worker', 'workers/main', [...WORKER_NODE_FLAGS], WORKER_PROCESS_ENV);
  started.push({ name: 'the worker', stop: () => stopProcess(worker) });
  say(`starting the API on port ${config.port}`);
  const api = node('api', 'api/server', apiNodeFlags(config.embeddedWorker), apiProcessEnv(config.embeddedWorker));
  started.push({ name: 'the API', stop: () => stopProcess(api) });
  let gone: string | null = null;
  for (const [name, child] of [
    ['api', api],
    ['worker', worker],
  ] as const) {
    child.once('exit', (code) => {
      gone = `${name} exited (${code})`;
      exited(name, code);
    });
  }

  const local = `http://127.0.0.1:${config.port}`;
  await waitFor(
    'the API',
    async () => {
      if (gone) throw new Error(gone);
      return (await fetch(`${local}/health`).catch(() => null))?.ok ?? false;
    },
    180_000,
    say,
  );
  console.log(`
  toolgate is up
    API          ${config.publicBaseUrl}   (try: curl -X POST ${local}/sentiment -H 'Content-Type: application/json' -d '{"text":"I love it"}')
    Temporal UI  ${stack.temporalUiUrl ?? 'n/a'}   (filter: Tool="sentiment", CallStatus="failed", PaymentMethod="key")
    Database     ${stack.databaseUrl.replace(/:[^:@/]+@/, ':…@')}
    x402         ${chain ? `local chain ${chain.chain.rpcUrl} (chain id ${chain.chain.chainId}); demo payer key in ${chain.file}` : 'X402_* settings'}
  Ctrl-C stops everything.
`);
}

/**
 * The compiled service (npm run build) when this script is itself compiled (npm run start:prod) or APP_ENV is
 * production: plain node, workflows pre-bundled. Otherwise null: the sources run through tsx.
 */
function buildToRun(environment: string): string | null {
  const compiled = path.extname(__filename) === '.js';
  if (!compiled && environment !== 'production') return null;
  const dist = compiled ? path.resolve(__dirname, '..') : path.join(projectRoot, 'dist');
  if (!existsSync(path.join(dist, 'api', 'server.js'))) throw new Error(`no build in ${dist}: run npm run build first`);
  return dist;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** `--temporal=production` (or `--temporal production`): the production Temporal server; the dev server otherwise. */
function temporalChoice(argv: readonly string[]): 'dev' | 'production' {
  const at = argv.findIndex((arg) => arg === '--temporal' || arg.startsWith('--temporal='));
  if (at === -1) return 'dev';
  const value = argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  if (value !== 'dev' && value !== 'production') throw new Error(`--temporal is dev or production, not ${value ?? 'nothing'}`);
  return value;
}
