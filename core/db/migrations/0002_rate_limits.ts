import { type Kysely, sql } from 'kysely';

/**
 * Request counters shared by every API replica (rate-limiter-flexible's PostgreSQL layout). Not events:
 * a minute's request count is operational state, not a fact anyone audits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limits`.execute(db);
}
