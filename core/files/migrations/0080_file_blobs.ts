import { type Kysely, sql } from 'kysely';

/**
 * Uploaded files' bytes, by their SHA-256 (content-addressed: the same bytes uploaded twice are stored once). Blobs,
 * not events: the log records FileUploaded/FileDeleted with the hash; a blob goes when no file names it any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table file_blobs (
      sha256 text primary key,
      bytes bytea not null,
      size_bytes integer not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists file_blobs`.execute(db);
}
