import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../schema/config';

/** A real worker process (workers/main.ts) on the test service's database and task queue, so a test can kill it. */
export function spawnWorker(config: Config, databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workers', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: config.temporalAddress,
      TEMPORAL_TASK_QUEUE: config.taskQueue,
      // The bundled catalogue is seeded by tests that want it, not by every worker they start.
      CATALOG_SEED: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
