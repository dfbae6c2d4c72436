import { type Kysely, sql } from 'kysely';

/**
 * pgvector: the `vector` type and its HNSW indexes, for search by meaning (vectors live beside the rows they describe).
 * `npm start`, `npm test` and CI install it into a local server (scripts/services/pgvector.ts); a server of one's own
 * needs Debian's postgresql-<major>-pgvector (or the pgvector/pgvector image), and says so here if it lacks it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  try {
    await sql`create extension if not exists vector`.execute(db);
  } catch (error) {
    // 0A000 feature_not_supported / 58P01 undefined_file: the extension's files are not on the server.
    const code = (error as { code?: string }).code;
    if (code !== '0A000' && code !== '58P01') throw error;
    throw new Error(
      `PostgreSQL has no "vector" extension (pgvector): install it on the database server (Debian: postgresql-<major>-pgvector; Docker: the pgvector/pgvector image), or let npm start install it into a local cluster. ${(error as Error).message}`,
      { cause: error },
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop extension if exists vector`.execute(db);
}
