import { type Kysely, sql } from 'kysely';

/**
 * Subscribers wake on the `events` channel. The notification used to be a statement of its own at the end of every
 * writing transaction; a statement-level trigger sends it with the insert instead: one round trip fewer on every
 * write, and no writer can forget it. PostgreSQL delivers notifications at commit (none on rollback) and folds the
 * identical ones of a transaction into one, so a transaction that appends to three streams still wakes subscribers
 * once. The payload is empty: subscribers read from their own checkpoints, never from the notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function notify_events_appended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('events', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger events_appended after insert on events for each statement execute function notify_events_appended()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists events_appended on events`.execute(db);
  await sql`drop function if exists notify_events_appended()`.execute(db);
}
