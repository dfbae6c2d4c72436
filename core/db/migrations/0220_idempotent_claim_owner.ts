import { type Kysely, sql } from 'kysely';

/**
 * Which API made a running claim (core/idempotency/claimOwner.ts): the id of the advisory lock that API holds while it
 * lives. Null for a claim made without one (before this column, or while the API's lock connection was lost): such a
 * claim passes on by its lease alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotent_answers add column owner integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotent_answers drop column if exists owner`.execute(db);
}
