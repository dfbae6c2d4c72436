import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { relayPurgeScheduleId } from '../../core/relay/relayPurgeSchedule';
import { dataDir, projectRoot } from '../../scripts/services/paths';
import { balanceRow, generateKey } from '../support/accounts';
import { json } from '../support/json';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';
import { killed } from '../support/workerProcess';
import { temporalTarget } from '../../core/temporal/temporalTarget';
import { testConfig } from '../support/testService';

/** One process of the build, its pino lines collected as they arrive. */
interface Started {
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
  readonly stderr: string[];
}

function startNode(entry: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [entry], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const started: Started = { child, lines: [], stderr: [] };
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.startsWith('{')) started.lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr!.on('data', (chunk: Buffer) => started.stderr.push(chunk.toString('utf8')));
  return started;
}

/** Throws with what the process printed once it has exited, so a refused start fails at once and says why. */
function alive(started: Started): true {
  if (started.child.exitCode === null && started.child.signalCode === null) return true;
  const printed = [...started.stderr, ...started.lines.map((line) => JSON.stringify(line))].join('\n');
  throw new Error(`exited with ${started.child.exitCode ?? started.child.signalCode}: ${printed}`);
}

function run(command: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const outDir = path.join(dataDir(), 'test', `build-${process.env.TEST_RUN_ID ?? 'local'}-${randomBytes(3).toString('hex')}`);
const taskQueue = `test-build-${randomBytes(6).toString('hex')}`;
let database: TestDatabase;
const processes: Started[] = [];

afterAll(async () => {
  await Promise.all(processes.map((p) => killed(p.child)));
  const connection = await Connection.connect(temporalTarget(testConfig('postgres://unused')).connection);
  // The compiled worker created the relay purge schedule of its task queue: gone with the test.
  await new Client({ connection }).schedule
    .getHandle(relayPurgeScheduleId(taskQueue))
    .delete()
    .catch(() => undefined);
  await connection.close();
  await database?.drop();
  rmSync(outDir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('compiles to JavaScript with pre-bundled workflows, and the compiled API and worker answer a paid call on plain node', async () => {
    const build = await run('npm', ['run', '-s', 'build', '--', '--out-dir', path.relative(projectRoot, outDir)]);
    expect({ code: build.code, output: build.code === 0 ? '' : build.output }).toEqual({ code: 0, output: '' });
    for (const file of [
      'api/server.js',
      'workers/main.js',
      'workers/embeddedWorker.js',
      'scripts/start.js',
      'workflow-bundle.js',
      'core/x402/contracts/DevUsdc.json',
      'core/catalog/apisGuruCatalogue.json',
    ]) {
      expect([file, existsSync(path.join(outDir, file))]).toEqual([file, true]);
    }
    expect(existsSync(path.join(outDir, 'api', 'app.test.js'))).toBe(false);

    database = await createTestDatabase();
    const { WORKFLOW_BUNDLE_PATH: _testBundle, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      APP_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
      TEMPORAL_TASK_QUEUE: taskQueue,
      HOST: '127.0.0.1',
      // A free port the API takes itself and logs: choosing one here first could lose it to another test.
      PORT: '0',
      EMBEDDED_WORKER: 'false',
      // Production's metrics ports (9464/9465) are fixed: another process on this machine may hold them.
      METRICS_PORT: '0',
      WORKER_METRICS_PORT: '0',
      ADMIN_TOKEN: randomBytes(24).toString('hex'),
      WEBHOOK_SIGNING_KEY: randomBytes(32).toString('hex'),
      AGENT_SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_SIGNING_KEY: randomBytes(32).toString('hex'),
    };

    const worker = startNode(path.join(outDir, 'workers', 'main.js'), env);
    processes.push(worker);
    const ready = await waitFor(async () => alive(worker) && worker.lines.find((line) => line.msg === 'worker ready'), 'the compiled worker', 60_000);
    expect(ready.workflowBundle).toBe(path.join(outDir, 'workflow-bundle.js'));

    const api = startNode(path.join(outDir, 'api', 'server.js'), env);
    processes.push(api);
    const listening = await waitFor(async () => alive(api) && api.lines.find((line) => typeof line.port === 'number'), 'the compiled API to listen', 60_000);
    const baseUrl = `http://127.0.0.1:${listening.port as number}`;
    await waitFor(async () => alive(api) && (await fetch(`${baseUrl}/health`)).ok, 'the compiled API', 60_000);
    expect(api.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);

    const { keyId, auth } = await generateKey(baseUrl, 'build');
    const response = await fetch(`${baseUrl}/sentiment`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'The compiled service works, and I love it.' }),
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.polarity).toBe('positive');
    expect(body._meta).toMatchObject({ endpoint: '/sentiment', model: 'local/lexicon-clauses', cost_usd: 0.005 });
    expect(await balanceRow(database.db, keyId)).toMatchObject({ available_micros: 245_000, reserved_micros: 0, spent_micros: 5_000 });
  }, 180_000);
});
