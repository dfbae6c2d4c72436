import { sql } from 'kysely';
import { searchMemory } from '../../core/memory/searchMemory';
import { LIVE_SCHEMA } from '../../core/projections';
import { nearestItems, withNearestScan } from '../../core/searchByMeaning/searchVectorStore';
import { createCosineIndex } from '../../core/vectors';
import { LOCAL_EMBEDDING_MODEL_ID } from '../../schema/models';
import type { Say } from '../../scripts/services/processes';
import { createEvalDatabase } from '../eval/evalDatabase';
import { percentiles } from './latency';

const DIMENSIONS = 384;
const QUERIES = ['swim', 'dog', 'quarterly revenue', 'what does the user like to eat', 'deadline'];

/**
 * /memory/search's own cost (the query SQL and the fusion, in this process) for one agent holding 1,000 and 100,000
 * entries, hybrid (words and meaning) against words alone. The vectors are random unit-free ones: the cost of a cosine
 * does not depend on what the vector says, and 100,000 real embeddings would take the model half an hour here. The
 * query's own embedding (one text, the local model) is measured by --embeddings and adds its p50 to the hybrid figure.
 */
export async function benchSearch(options: {
  runs: number;
  say: Say;
  sizes?: readonly number[];
  /** Sizes of a shared collection (the catalogue's kind) for the nearest rows through the HNSW index against an exact scan. */
  nearestSizes?: readonly number[];
}): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const size of options.sizes ?? [1000, 100_000]) {
    const database = await createEvalDatabase();
    try {
      options.say(`memory search: seeding ${size} entries with vectors for one agent`);
      const now = new Date();
      const live = database.db.withSchema(LIVE_SCHEMA);
      await live
        .insertInto('network_agents')
        .values({ agent_id: 'agt_bench', owner: 'key:bench', name: 'bench', description: '', capabilities: '[]', wallet: null, registered_at: now } as never)
        .execute();
      await sql`insert into ${sql.id(LIVE_SCHEMA, 'memory_entries')} (agent_id, key, value, size_bytes, version, tags, expires_at, created_at, updated_at)
        select 'agt_bench', 'note-' || i, to_jsonb(format('%s went %s with the %s in week %s',
          (array['Sam','The team','Our dog','The client','Grandma'])[1 + i % 5], (array['swimming','shopping','hiking','to a meeting','to the vet'])[1 + i % 5],
          (array['budget','deadline','new puppy','quarterly revenue','pasta recipe'])[1 + (i / 5) % 5], i)), 40, 1, '[]'::jsonb, null, ${now}, ${now}
        from generate_series(1, ${size}) as i`.execute(database.db);
      await sql`insert into search_vectors (collection, scope, item, embedding_model, embedding, source_stamp)
        select 'memory', 'agt_bench', 'note-' || i, ${LOCAL_EMBEDDING_MODEL_ID},
          (select array_agg(random() - 0.5)::vector from generate_series(1, ${DIMENSIONS}) where i > 0), ${now}
        from generate_series(1, ${size}) as i`.execute(database.db);
      await sql`analyze`.execute(database.db);
      const query = { model: LOCAL_EMBEDDING_MODEL_ID, vector: Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5) };
      const time = async (hybrid: boolean) => {
        const durations: number[] = [];
        for (let i = 0; i < options.runs; i++) {
          const started = performance.now();
          await searchMemory(database.db, 'key:bench' as never, {
            agentId: 'agt_bench',
            query: QUERIES[i % QUERIES.length]!,
            limit: 10,
            threshold: 0.25,
            queryVector: hybrid ? query : null,
            now,
          });
          durations.push(performance.now() - started);
        }
        return percentiles(durations);
      };
      options.say(`memory search: ${options.runs} searches of each kind over ${size} entries`);
      await time(true); // warm the caches
      results[String(size)] = { hybrid: await time(true), fullTextOnly: await time(false) };
    } finally {
      await database.drop();
    }
  }
  for (const size of options.nearestSizes ?? []) results[`nearest-${size}`] = await benchNearest(size, options);
  for (const [size, figures] of Object.entries(results)) {
    if (size.startsWith('nearest-')) continue;
    const f = figures as { hybrid: { p50Ms: number; p95Ms: number }; fullTextOnly: { p50Ms: number; p95Ms: number } };
    console.log(
      `/memory/search, ${size.padStart(6)} entries: hybrid p50 ${f.hybrid.p50Ms} ms (p95 ${f.hybrid.p95Ms}), full text only p50 ${f.fullTextOnly.p50Ms} ms (p95 ${f.fullTextOnly.p95Ms})`,
    );
  }
  return results;
}

/**
 * A shared collection's rows nearest a query (nearestItems, the 100 a search of listings, tasks or the catalogue
 * considers beside its words' matches): through the HNSW index as the planner picks it, against the exact scan (the
 * index ruled out), with the index's recall of the exact 100.
 */
async function benchNearest(size: number, options: { runs: number; say: Say }): Promise<Record<string, unknown>> {
  const database = await createEvalDatabase();
  try {
    options.say(`nearest rows: seeding ${size} vectors of one shared collection, then building the HNSW index over them`);
    // Built once after the rows, as a backfill would: grown a row at a time, 100,000 rows take the index many minutes.
    await sql`drop index search_vectors_embedding_all_minilm_l6_v2_384`.execute(database.db);
    await sql`insert into search_vectors (collection, scope, item, embedding_model, embedding, source_stamp)
      select 'catalog', '', 'api-' || i, ${LOCAL_EMBEDDING_MODEL_ID},
        (select array_agg(random() - 0.5)::vector from generate_series(1, ${DIMENSIONS}) where i > 0), now()
      from generate_series(1, ${size}) as i`.execute(database.db);
    await createCosineIndex(database.db, {
      table: 'search_vectors',
      column: 'embedding',
      modelColumn: 'embedding_model',
      model: LOCAL_EMBEDDING_MODEL_ID,
      dimensions: DIMENSIONS,
    });
    await sql`analyze search_vectors`.execute(database.db);
    const queries = Array.from({ length: 5 }, () => ({
      model: LOCAL_EMBEDDING_MODEL_ID,
      vector: Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5),
    }));
    const nearest = (exact: boolean, i: number) =>
      withNearestScan(database.db, async (db) => {
        if (exact) await sql`set local enable_indexscan = off`.execute(db);
        return (await sql<{ item: string }>`select item from ${nearestItems('catalog', '', queries[i % queries.length]!)} as n`.execute(db)).rows.map(
          (r) => r.item,
        );
      });
    const time = async (exact: boolean) => {
      const durations: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const started = performance.now();
        await nearest(exact, i);
        durations.push(performance.now() - started);
      }
      return percentiles(durations);
    };
    options.say(`nearest rows: ${options.runs} queries each way over ${size} vectors`);
    await time(false); // warm the caches
    const recalls = await Promise.all(
      queries.map(async (_, i) => {
        const [approximate, exact] = [new Set(await nearest(false, i)), await nearest(true, i)];
        return exact.filter((item) => approximate.has(item)).length / exact.length;
      }),
    );
    const figures = {
      index: await time(false),
      exact: await time(true),
      recallOfExact100: Number((recalls.reduce((a, b) => a + b, 0) / recalls.length).toFixed(3)),
    };
    console.log(
      `nearest 100 of ${String(size).padStart(6)} shared vectors: index p50 ${figures.index.p50Ms} ms (p95 ${figures.index.p95Ms}), exact p50 ${figures.exact.p50Ms} ms (p95 ${figures.exact.p95Ms}), recall ${figures.recallOfExact100}`,
    );
    return figures;
  } finally {
    await database.drop();
  }
}
