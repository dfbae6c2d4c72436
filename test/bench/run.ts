import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { systemClock } from '../../core/ledger/clock';
import { reserveCall } from '../../core/ledger/reserveCall';
import { settleCall } from '../../core/ledger/settleCall';
import { createDb } from '../../core/db/createDb';
import { migrate } from '../../core/db/migrate';
import { createEventStore } from '../../core/eventStore';
import { allProjections, inlineProjections, LIVE_SCHEMA } from '../../core/projections';
import { analyzeSentiment } from '../../activities/tools/text/sentiment';
import { loadConfig } from '../../schema/config';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { micros } from '../../schema/money';
import { ensureLocalStack } from '../../scripts/services/localStack';
import { projectRoot } from '../../scripts/services/paths';
import { startProcess, stopProcess, waitFor } from '../../scripts/services/processes';
import { httpLoad } from './httpLoad';
import { percentiles, timeLoops } from './latency';
import { peakRssMiB } from './processMemory';
import { benchX402 } from './x402Bench';

const HELP = `Usage: npm run bench [-- --quick] [-- --help]

Benchmarks the service on this machine (not a test: it asserts nothing). Starts PostgreSQL and Temporal as
npm start does (or reuses them), runs the real API and a worker as processes on a bench database, and reports:
GET /health throughput; /sentiment through the full path (HTTP, auth, ledger, Temporal workflow) at 1, 16 and
64 concurrent callers; the same tool in-process; the ledger's reserve+settle alone; a free-tier call (no money);
x402 verification and settlement on a local chain; peak memory of the API and worker processes.
Writes bench-results/latest.json.   --quick  shorter runs`;

const REVIEW =
  'The support team was fantastic and answered within minutes, but the delivery was painfully slow and the box arrived damaged. I would still recommend the product itself: it works well.';

const say = (line: string) => console.log(`▸ ${line}`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(HELP);
  const seconds = process.argv.includes('--quick') ? 3 : 8;
  const stack = await ensureLocalStack({ database: 'postgres', say, headlessTemporal: true, quietTemporal: true });
  const benchDbName = 'toolgate_bench';
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDbName} with (force)`);
  await admin.query(`create database ${benchDbName}`);
  await admin.end();
  const databaseUrl = withDatabase(stack.databaseUrl, benchDbName);
  const db = createDb({ connectionString: databaseUrl, max: 20 });
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });

  const port = await freePort();
  const taskQueue = `bench-${Date.now().toString(36)}`;
  const env = {
    ...process.env,
    APP_ENV: 'development',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DEV_CHAIN: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    KEY_RATE_LIMIT_PER_MINUTE: '100000000',
    FREE_TIER_DAILY: '100000000',
    TRIAL_KEYS_PER_IP_DAILY: '1000',
  };
  const node = (name: string, entry: string) =>
    startProcess(name, process.execPath, ['--import', 'tsx', path.join(projectRoot, entry)], { env, cwd: projectRoot });
  say('starting the API (with its embedded worker) and a standalone worker');
  const api = node('api', 'api/server.ts');
  const worker = node('worker', 'workers/main.ts');
  const base = `http://127.0.0.1:${port}`;
  const results: Record<string, unknown> = { machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, at: new Date().toISOString() };
  try {
    await waitFor(
      'the API',
      async () => {
        if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode} (its output is above)`);
        return (await fetch(`${base}/health`).catch(() => null))?.ok ?? false;
      },
      120_000,
      say,
    );
    const adminToken = loadConfig(env).adminToken;
    const newKey = async () => {
      const made = (await (await fetch(`${base}/auth/generate-key`, { method: 'POST' })).json()) as { key: string; key_id: string };
      await fetch(`${base}/auth/topup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Admin-Token': adminToken },
        body: JSON.stringify({ key: made.key, amount_usd: 5000 }),
      });
      return made;
    };
    // One key a caller, as tenants are: one account's reservations are serialized on purpose (they guard its balance).
    const keys: { key: string; key_id: string }[] = [];
    for (let i = 0; i < 64; i++) keys.push(await newKey());
    const created = keys[0]!;
    const auth = { Authorization: `Bearer ${created.key}` };
    const keyHeaders = keys.map((k) => ({ Authorization: `Bearer ${k.key}` }));
    // Warm-up: model loading, connection pools, the workflow cache.
    await httpLoad({ url: `${base}/sentiment`, method: 'POST', body: { text: REVIEW }, headers: auth, connections: 4, seconds: 2 });

    say(`GET /health, 16 connections, ${seconds} s`);
    results.health = await httpLoad({ url: `${base}/health`, connections: 16, seconds });

    say('sentiment in-process (the tool alone), 2000 runs');
    const inProcess: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t = performance.now();
      analyzeSentiment(REVIEW);
      inProcess.push(performance.now() - t);
    }
    results.sentimentInProcess = percentiles(inProcess);

    say('the ledger alone: reserve + settle in PostgreSQL, in-process');
    const config = loadConfig(env);
    const store = createEventStore(db, inlineProjections, LIVE_SCHEMA);
    const billing = { store, config, clock: systemClock };
    const ledger = async (concurrency: number) =>
      timeLoops(concurrency, seconds, async (i) => {
        const callId = `ledger-${concurrency}-${i}-${Math.random().toString(36).slice(2)}`;
        const payer = { kind: 'key' as const, id: created.key_id };
        const request = {
          callId,
          requestId: callId,
          tool: 'sentiment',
          execution: 'local-activity' as const,
          input: {},
          payer,
          pricing: 'flat' as const,
          listPriceMicros: micros(5000),
        };
        const reservation = await reserveCall(billing, request);
        if (!reservation.ok) throw new Error('reservation refused');
        await settleCall(billing, {
          callId,
          tool: 'sentiment',
          payer,
          reservedMicros: reservation.reservedMicros,
          chargedMicros: reservation.reservedMicros,
          model: 'local/vader',
          tokens: { input: 1, output: 1 },
          durationMs: 1,
          requestId: callId,
        });
      });
    results.ledger = { concurrency1: await ledger(1), concurrency16: await ledger(16) };

    const paid: Record<string, unknown> = {};
    for (const connections of [1, 16, 64]) {
      say(`POST /sentiment paid with keys (full path), ${connections} caller(s) with a key each, ${seconds} s`);
      paid[`c${connections}`] = await httpLoad({
        url: `${base}/sentiment`,
        method: 'POST',
        body: { text: REVIEW },
        headersPerConnection: keyHeaders,
        connections,
        seconds,
      });
    }
    results.sentimentPaid = paid;
    say(`POST /sentiment, 16 callers sharing ONE key (its reservations serialize), ${seconds} s`);
    results.sentimentPaidOneKey = await httpLoad({ url: `${base}/sentiment`, method: 'POST', body: { text: REVIEW }, headers: auth, connections: 16, seconds });
    say(`POST /sentiment on the free tier (no money moves), 1 and 16 connections, ${seconds} s`);
    results.sentimentFreeTier = {
      c1: await httpLoad({ url: `${base}/sentiment`, method: 'POST', body: { text: REVIEW }, connections: 1, seconds }),
      c16: await httpLoad({ url: `${base}/sentiment`, method: 'POST', body: { text: REVIEW }, connections: 16, seconds }),
    };

    results.x402 = await benchX402({ payments: process.argv.includes('--quick') ? 30 : 100, say });
    results.peakMemoryMiB = { api: api.pid ? peakRssMiB(api.pid) : null, worker: worker.pid ? peakRssMiB(worker.pid) : null };

    const c1 = paid.c1 as { p50Ms: number };
    const inProc = results.sentimentInProcess as { p50Ms: number };
    results.summary = {
      fullPathOverheadP50Ms: Math.round((c1.p50Ms - inProc.p50Ms) * 100) / 100,
      target: 'full path adds p50 <= 10 ms over in-process and sustains >= 300 calls/s',
    };
  } finally {
    await Promise.all([stopProcess(api), stopProcess(worker)]);
    await db.destroy();
    await stack.stop();
  }

  const dir = path.join(projectRoot, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
  say(`written to ${path.join(dir, 'latest.json')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
