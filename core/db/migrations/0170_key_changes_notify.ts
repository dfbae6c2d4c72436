import { type Kysely, sql } from 'kysely';

/**
 * Every API replica keeps the keys it found for a while (core/accounts/keyCache.ts) and must drop one the moment it
 * changes anywhere: revoked, rotated, its limits changed. An append to a `key-<id>` stream notifies `key_changes` with
 * the key's id, from the insert itself, so no writer can forget it; PostgreSQL delivers it at commit (none on
 * rollback) to every listening session. A row trigger with a WHEN clause: the other events (every call's) cost one
 * comparison each and queue nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function notify_key_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('key_changes', substr(new.stream_id, 5));
      return null;
    end $$`.execute(db);
  await sql`create trigger key_changed after insert on events for each row
    when (new.stream_id like 'key-%') execute function notify_key_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists key_changed on events`.execute(db);
  await sql`drop function if exists notify_key_changed()`.execute(db);
}
