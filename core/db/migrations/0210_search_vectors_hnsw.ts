import { type Kysely, sql } from 'kysely';

/**
 * An HNSW index (cosine) over the local model's search vectors, the one model search by meaning embeds with
 * (core/searchByMeaning/searchVectorStore.ts): pgvector indexes a sized column only, so it is partial (that model's rows)
 * over the column cast to its 384 dimensions. A shared collection's search asks it for the rows nearest a query
 * (nearestItems); a scope's few rows (one agent's memory) are still read exactly by primary key. Another model gets
 * an index of its own when it becomes the search model. Written out, not built from the constants: a migration is
 * what ran, whatever the code says later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists search_vectors_embedding_all_minilm_l6_v2_384 on search_vectors
      using hnsw ((embedding::vector(384)) vector_cosine_ops) where embedding_model = 'all-MiniLM-L6-v2'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists search_vectors_embedding_all_minilm_l6_v2_384`.execute(db);
}
