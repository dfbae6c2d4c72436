import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dataDir as projectDataDir, projectRoot } from '../../scripts/services/paths';
import { ensureDatabase, ensureLocalPostgres } from '../../scripts/services/postgres';
import { portOpen } from '../../scripts/services/processes';

/**
 * `npm start` whose migrations fail (issue 44: a start that failed in migration 0001 left Temporal and PostgreSQL
 * running). Here the cluster under its DATA_DIR holds a migration a newer release applied and this one does not have
 * (a .data/ from another checkout), so migrating refuses. The start must say at which stage it failed and why, stop
 * what it started (its own PostgreSQL), leave what it found running (the shared dev server), and say how to retry.
 */
let root: string;
let port: number;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'failed-start-'));
  // As root the cluster runs as `postgres`, which must reach its folder.
  chmodSync(root, 0o755);
  port = await freePort();
  // The cluster as an earlier start of a newer release left it: a migration recorded that this release lacks.
  const cluster = await ensureLocalPostgres({ dataDir: root, port, say: () => undefined });
  try {
    await ensureDatabase(cluster.adminUrl('postgres'), 'toolgate');
    const client = new pg.Client({ connectionString: cluster.adminUrl('toolgate') });
    await client.connect();
    try {
      await client.query('create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)');
      await client.query(`insert into kysely_migration values ('9999_from_a_newer_release', now()::text)`);
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('stops everything it started when its migrations fail, saying what failed and how to retry', async () => {
  expect(await portOpen(port)).toBe(false);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', 'start.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      APP_ENV: 'development',
      DATA_DIR: root,
      PG_PORT: String(port),
      DATABASE_URL: '',
      // The shared dev server (already running: reused, so not this start's to stop) and the model the stack has.
      TEMPORAL_ADDRESS: '',
      LOCAL_EMBEDDING_MODEL_PATH: path.join(projectDataDir(), 'models', 'all-MiniLM-L6-v2.f16.gguf'),
      PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

  expect(code).toBe(1);
  expect(stdout).toContain(`starting PostgreSQL on 127.0.0.1:${port}`);
  expect(stdout).toContain('applying migrations');
  expect(stderr).toContain(
    'npm start failed while applying migrations: corrupted migrations: previously executed migration 9999_from_a_newer_release is missing',
  );
  expect(stdout).toContain('stopping what this start started (PostgreSQL and Temporal)');
  expect(stderr).toContain('Nothing this start started is left running');
  expect(stderr).toContain('run npm start again');
  // Its PostgreSQL is stopped; the dev server it found running is left as it was.
  expect(await portOpen(port)).toBe(false);
  expect(existsSync(path.join(root, 'postgres', 'postmaster.pid'))).toBe(false);
  expect(await portOpen(7233)).toBe(true);
}, 180_000);
