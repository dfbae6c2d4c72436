import { type Kysely, sql } from 'kysely';

/**
 * Every request counts itself in rate_limits, so its write is on every request's path. The counts are a minute's
 * operational state, not money or anything audited: unlogged, an increment skips the write-ahead log and its flush to
 * disk. A crash of PostgreSQL empties the table (every window starts again), which is what a restart of an in-memory
 * limiter would do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set logged`.execute(db);
}
