import { type Kysely, sql } from 'kysely';

/**
 * Vectors for search by meaning (memory, skills, knowledge …), one per searchable row and embedding model. A side
 * table, not a projection's column: projection tables are rebuilt when their definition changes, and a rebuild must
 * not throw away (or wait on) the model's work. `collection` names the kind of row, `scope` whose it is (an agent's
 * id for memory; empty for shared libraries), `item` the row's key; `source_stamp` is the row's updated_at when it
 * was embedded, so a search uses a vector only while the row still says what was embedded. Filled by the workers
 * off the request path (core/searchByMeaning/searchVectorTrigger.ts); until a row's vector exists it is found by its words alone.
 * Searches read one scope's vectors exactly (at most a few thousand rows), so no approximate index is needed yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_vectors (
      collection text not null,
      scope text not null,
      item text not null,
      embedding_model text not null,
      embedding vector not null,
      source_stamp timestamptz not null,
      embedded_at timestamptz not null default now(),
      primary key (collection, scope, embedding_model, item)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_vectors`.execute(db);
}
