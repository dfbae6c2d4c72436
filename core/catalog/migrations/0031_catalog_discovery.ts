import { type Kysely, sql } from 'kysely';

/**
 * A discovery run's copy of the directory it reads (APIs.guru's list.json is megabytes): read once, kept here, and
 * imported in batches by position, so the workflow passes positions, never the directory. What is imported is
 * recorded as events on each entry's `catalog-<id>` stream.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalog_discovery_items (
      discovery_id text not null,
      position integer not null,
      directory_id text not null,
      item jsonb not null,
      primary key (discovery_id, position)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists catalog_discovery_items`.execute(db);
}
