import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '../../schema/config';
import { waitFor } from './waitFor';

export interface ApiProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** What the process logged (pino's JSON lines on stdout), as it goes: a test reads what went wrong inside. */
  readonly output: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real API process (api/server.ts) on a test service's database and task queue, as a replica behind a load balancer
 * would run: its own port, no embedded worker unless asked. Resolves once it answers /health.
 */
export async function spawnApi(config: Config, databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const root = path.resolve(__dirname, '..', '..');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: config.temporalAddress,
      TEMPORAL_TASK_QUEUE: config.taskQueue,
      EMBEDDED_WORKER: 'false',
      TRIAL_KEYS_PER_IP_DAILY: '1000',
      // The bundled catalogue is seeded by tests that want it (as by the worker processes they start): seeding it
      // makes an embedded worker embed its ~2,600 texts for search by meaning, minutes of CPU on a test machine.
      CATALOG_SEED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => output.push(line));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A process that exits before it answers (a start it refused: its reason is on stderr) fails the wait at once.
  let exited: (code: number | null) => void = () => undefined;
  const exit = new Promise<never>((_, reject) => (exited = (code) => reject(new Error(`the API process exited with ${code} before it answered /health`))));
  child.once('exit', (code) => exited(code));
  exit.catch(() => undefined);
  await Promise.race([waitFor(async () => (await fetch(`${baseUrl}/health`).catch(() => null))?.ok, 'the API process to answer /health', 120_000), exit]);
  exited = () => undefined;
  return { child, baseUrl, output };
}
