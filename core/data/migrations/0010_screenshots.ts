import { type Kysely, sql } from 'kysely';

/**
 * Screenshots /data/screenshot took, kept by the SHA-256 of their PNG (content-addressed: the same image is stored
 * once, and its id is its address at GET /data/screenshot/{id}). Blobs, not events: the log records the call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table screenshots (
      id text primary key,
      png bytea not null,
      page_url text not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null default now()
    );
    create index screenshots_created on screenshots (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists screenshots`.execute(db);
}
