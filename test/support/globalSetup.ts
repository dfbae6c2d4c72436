import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../core/db/createDb';
import { migrate } from '../../core/db/migrate';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { ensureLocalStack, type LocalStack } from '../../scripts/services/localStack';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { dataDir, projectRoot } from '../../scripts/services/paths';
import { randomBytes } from 'node:crypto';
import { TEST_DATABASE_PREFIX } from './testDatabase';
import { holdRunLock, ownerRunIsOver } from './testRunLock';
import { bundleWorkflows } from '../../workers/workflowBundle';
import { ensureEmbeddingModel } from '../../scripts/services/embeddingModel';
import { ensureChromium } from '../../scripts/services/chromium';
import { ensureX402Paywall } from '../../scripts/services/x402Paywall';
import { loadConfig } from '../../core/config/loadConfig';

declare global {
  var __TEST_STACK__: LocalStack | undefined;
}

/**
 * Real PostgreSQL and a real Temporal dev server for the whole run: reused when already running
 * (e.g. under `npm start`), otherwise started here and stopped in globalTeardown. Migrations go into a
 * template database each test file clones; the workflow bundle is built once for every test worker.
 */
export default async function globalSetup(): Promise<void> {
  process.env.APP_ENV = 'test';
  const say = (line: string) => process.stderr.write(`[test setup] ${line}\n`);
  // System packages before any server starts (an install under a running server can replace its files): the
  // browser tests' Chromium, then PostgreSQL's own (ensureLocalStack).
  ensureChromium(loadConfig().chromiumPath, say);
  // TEST_TEMPORAL=production (npm run test:production): the production Temporal server, mTLS on, instead of the dev server.
  const temporal = process.env.TEST_TEMPORAL === 'production' ? 'production' : 'dev';
  const stack = await ensureLocalStack({ database: 'postgres', say, headlessTemporal: true, quietTemporal: true, temporal });
  globalThis.__TEST_STACK__ = stack;
  try {
    await prepareRun(stack, say);
  } catch (error) {
    // Jest runs no teardown after a failed setup: stop here what this run started, so nothing is left running.
    await stack.stop();
    throw error;
  }
}

async function prepareRun(stack: LocalStack, say: (line: string) => void): Promise<void> {
  // The local embedding model the workers run (installed and converted once, verified on every run).
  const config = loadConfig();
  await ensureEmbeddingModel({ dataDir: dataDir(config.dataDir), configuredPath: config.localEmbeddingModelPath, say });
  // The x402 paywall page, installed alone into .tools/ (core/x402/paywallBundle.ts says why).
  ensureX402Paywall(say);

  // Each run names its databases after itself, so two runs at once (say, two terminals) never drop each other's.
  const runId = randomBytes(4).toString('hex');
  const template = `${TEST_DATABASE_PREFIX}${runId}_template`;
  await holdRunLock(stack.databaseUrl, runId);
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${TEST_DATABASE_PREFIX}%`]);
  for (const { datname } of stale.rows) {
    // Left over by a run that ended without teardown; those of a live run are kept.
    if (!(await ownerRunIsOver(admin, datname))) continue;
    await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)}`).catch(() => undefined);
  }
  await admin.query(`create database ${pg.escapeIdentifier(template)}`);
  await admin.end();

  const templateUrl = withDatabase(stack.databaseUrl, template);
  const db = createDb({ connectionString: templateUrl, max: 1 });
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
  await db.destroy();

  const dir = path.join(dataDir(), 'test');
  mkdirSync(dir, { recursive: true });
  const bundlePath = path.join(dir, `workflow-bundle-${runId}.js`);
  const code = await bundleWorkflows(path.join(projectRoot, 'workflows'), { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} });
  writeFileSync(bundlePath, code);

  process.env.TEST_PG_ADMIN_URL = stack.databaseUrl;
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DATABASE = template;
  process.env.TEST_TEMPORAL_ADDRESS = stack.temporalAddress;
  // Every test, and every process it starts, reaches this Temporal with its variables (its TLS settings, on production).
  for (const [name, value] of Object.entries(stack.temporalEnv)) if (name !== 'TEMPORAL_ADDRESS') process.env[name] = value;
  process.env.WORKFLOW_BUNDLE_PATH = bundlePath;
}
