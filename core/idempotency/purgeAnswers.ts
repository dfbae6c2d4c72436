import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import type { Clock } from '../clock/clock';

const BATCH = 5000;

/** Deletes answers older than the window, a batch per statement; returns how many. Nothing to record: they are a cache. */
export async function purgeAnswers(db: Db, clock: Clock, windowHours: number): Promise<number> {
  const before = new Date(clock.now().getTime() - windowHours * 3_600_000);
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ scope: string }>`
      delete from idempotent_answers where (scope, key_digest) in (
        select scope, key_digest from idempotent_answers where created_at < ${before} limit ${BATCH} for update skip locked)
      returning scope`.execute(db);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
