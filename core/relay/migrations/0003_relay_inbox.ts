import { type Kysely, sql } from 'kysely';

/**
 * What outsiders post to inbound relays. Not events: it is arbitrary, unauthenticated input kept for 7 days,
 * and an append-only log would keep it forever. The log records who owns each relay and every purge instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table relay_inbox (
      event_id bigint generated always as identity primary key,
      relay_id text not null,
      payload jsonb not null,
      headers jsonb not null default '{}'::jsonb,
      source_ip text not null,
      size_bytes integer not null,
      received_at timestamptz not null default now()
    );
    create index relay_inbox_relay_received on relay_inbox (relay_id, received_at desc);
    create index relay_inbox_received on relay_inbox (received_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists relay_inbox`.execute(db);
}
