import { type Kysely, sql } from 'kysely';

/**
 * The tamper-evident log (docs/audit.md). Every event gets, in its append's own statement, `body_hash` (SHA-256 of the
 * canonical JSON of its data and metadata, computed by the appender: core/audit/eventHash.ts) and, by the trigger
 * below, `leaf_hash`: SHA-256(0x00 || canonical JSON of {body, position, recorded_at, stream, type, version}), the
 * event's leaf in the log's Merkle tree (RFC 9162). Events appended before this migration carry neither: the first
 * checkpoint binds them from their content. The tree itself (log_leaves, log_nodes) is extended off the paid path, and
 * signed checkpoints are kept in log_checkpoints; all three refuse updates and deletes, like the events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table events add column body_hash bytea, add column leaf_hash bytea;

    create function events_leaf_hash() returns trigger language plpgsql as $$
    begin
      if new.body_hash is not null then
        new.leaf_hash := sha256(decode('00', 'hex') || convert_to(
          '{"body":"' || encode(new.body_hash, 'hex')
          || '","position":' || new.position
          || ',"recorded_at":"' || to_char(new.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
          || '","stream":' || to_json(new.stream_id)::text
          || ',"type":' || to_json(new.type)::text
          || ',"version":' || new.version || '}', 'UTF8'));
      end if;
      return new;
    end $$;
    create trigger events_leaf_hash before insert on events for each row execute function events_leaf_hash();

    create table log_leaves (
      leaf_index bigint primary key,
      position bigint not null unique,
      transaction_id xid8 not null,
      leaf_hash bytea not null
    );
    create table log_nodes (
      level smallint not null check (level > 0),
      index bigint not null,
      hash bytea not null,
      primary key (level, index)
    );
    create table log_checkpoints (
      id bigint generated always as identity primary key,
      tree_size bigint not null,
      root_hash bytea not null,
      issued_at timestamptz not null,
      key_id text not null,
      signature bytea not null
    );
    create index log_checkpoints_size on log_checkpoints (tree_size);

    create trigger log_leaves_no_update before update or delete on log_leaves for each row execute function events_are_append_only();
    create trigger log_nodes_no_update before update or delete on log_nodes for each row execute function events_are_append_only();
    create trigger log_checkpoints_no_update before update or delete on log_checkpoints for each row execute function events_are_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists log_checkpoints, log_nodes, log_leaves;
    drop trigger if exists events_leaf_hash on events;
    drop function if exists events_leaf_hash();
    alter table events drop column if exists leaf_hash, drop column if exists body_hash;
  `.execute(db);
}
