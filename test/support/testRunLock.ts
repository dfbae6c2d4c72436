import pg from 'pg';
import { TEST_DATABASE_PREFIX } from './testDatabase';

// A class of advisory locks of its own, apart from the migration lock.
const LOCK_CLASS = 7243;
const lockKey = (runId: string) => parseInt(runId, 16) | 0;

declare global {
  var __TEST_RUN_LOCK__: pg.Client | undefined;
}

/**
 * A test run holds an advisory lock named after its run id for as long as it lives, so another run cleaning up
 * can tell its databases (the template sits idle between clones) from the leftovers of a run that died.
 */
export async function holdRunLock(adminUrl: string, runId: string): Promise<void> {
  const holder = new pg.Client({ connectionString: adminUrl });
  holder.on('error', () => undefined);
  await holder.connect();
  await holder.query('select pg_advisory_lock($1, $2)', [LOCK_CLASS, lockKey(runId)]);
  globalThis.__TEST_RUN_LOCK__ = holder;
}

export async function releaseRunLock(): Promise<void> {
  await globalThis.__TEST_RUN_LOCK__?.end();
}

/** Whether the run that created this test database has ended (its lock is free). */
export async function ownerRunIsOver(admin: pg.Client, datname: string): Promise<boolean> {
  const runId = new RegExp(`^${TEST_DATABASE_PREFIX}([0-9a-f]{8})_`).exec(datname)?.[1];
  if (!runId) return true;
  const { rows } = await admin.query<{ free: boolean }>('select pg_try_advisory_lock($1, $2) as free', [LOCK_CLASS, lockKey(runId)]);
  if (rows[0]?.free) await admin.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, lockKey(runId)]);
  return rows[0]?.free ?? true;
}
