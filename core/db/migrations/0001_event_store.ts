import { type Kysely, sql } from 'kysely';

/**
 * The append-only log. transaction_id lets readers stop before events of still-open transactions
 * (positions are taken at insert, commits can land out of order). Updates and deletes are refused by trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      version integer not null check (version > 0),
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      recorded_at timestamptz not null default clock_timestamp(),
      unique (stream_id, version)
    );
    create index events_transaction_position on events (transaction_id, position);
    create index events_type on events (type);

    create table streams (
      stream_id text primary key,
      version integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table subscription_checkpoints (
      subscription_id text primary key,
      transaction_id xid8 not null,
      position bigint not null,
      updated_at timestamptz not null default now()
    );

    create table projection_versions (
      name text primary key,
      definition text not null,
      rebuilt_at timestamptz not null default now()
    );

    create function events_are_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the event log is append-only: % is not allowed', tg_op;
    end $$;
    create trigger events_no_update before update or delete on events
      for each row execute function events_are_append_only();
    create trigger events_no_truncate before truncate on events
      for each statement execute function events_are_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists projection_versions, subscription_checkpoints, streams, events; drop function if exists events_are_append_only();`.execute(db);
}
