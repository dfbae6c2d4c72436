import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { vectorLiteral } from '../vectors';
import { nearestItems, type QueryVector, withNearestScan } from './searchVectorStore';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const MODEL = 'all-MiniLM-L6-v2';
/** A repeatable pseudo-random unit-ish vector of the local model's size, leaning towards `lean` on its first axis. */
function vector(seed: number, lean: number): number[] {
  let x = seed * 7919 + 13;
  return Array.from({ length: 384 }, (_, i) => {
    x = (x * 48271) % 2147483647;
    return (i === 0 ? lean : 0) + (x / 2147483647 - 0.5) * 0.1;
  });
}

async function insert(collection: string, scope: string, rows: { item: string; vector: number[] }[]) {
  await sql`insert into search_vectors (collection, scope, item, embedding_model, embedding, source_stamp)
    select ${collection}, ${scope}, item, ${MODEL}, embedding::vector, now()
    from unnest(${rows.map((r) => r.item)}::text[], ${rows.map((r) => vectorLiteral(r.vector))}::text[]) as v(item, embedding)`.execute(t.db);
}

const query: QueryVector = { model: MODEL, vector: vector(0, 1) };
/** The nearest items, read through the index as at scale: at these few thousand rows the planner would sort them all. */
const nearest = (collection: string, scope: string, limit?: number) =>
  withNearestScan(t.db, async (db) => {
    await sql`set local enable_seqscan = off`.execute(db);
    await sql`set local enable_sort = off`.execute(db);
    return (await sql<{ item: string }>`select item from ${nearestItems(collection, scope, query, limit)} as n`.execute(db)).rows;
  });

describe('the rows nearest in meaning, through the HNSW index on search_vectors', () => {
  beforeAll(async () => {
    // A large shared collection close to the query, and two small ones far from it (their vectors lean the other way).
    for (let batch = 0; batch < 4; batch++) {
      await insert(
        'catalog',
        '',
        Array.from({ length: 1000 }, (_, i) => ({ item: `api-${batch * 1000 + i}`, vector: vector(batch * 1000 + i + 1, 1) })),
      );
    }
    await insert(
      'listings',
      '',
      [1, 2, 3, 4, 5].map((i) => ({ item: `listing-${i}`, vector: vector(10_000 + i, -1) })),
    );
    await insert(
      'memory',
      'agt_one',
      [1, 2, 3].map((i) => ({ item: `key-${i}`, vector: vector(20_000 + i, -1) })),
    );
    await sql`analyze search_vectors`.execute(t.db);
  }, 60_000);

  it('is shaped for the index: with scans of every vector ruled out, the plan reads it', async () => {
    // At these few thousand rows reading them all costs the planner less; the index pays off at larger sizes. What
    // can fail here is the shape: another expression or predicate than the index's.
    const plan = await withNearestScan(t.db, async (db) => {
      await sql`set local enable_seqscan = off`.execute(db);
      await sql`set local enable_sort = off`.execute(db);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select item from ${nearestItems('catalog', '', query)} as n`.execute(db);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using search_vectors_embedding_all_minilm_l6_v2_384/);
  });

  it('finds the nearest of a large collection as an exact scan would', async () => {
    const found = await nearest('catalog', '', 10);
    const exact = await sql<{ item: string }>`select item from search_vectors where collection = 'catalog'
      order by embedding <=> ${vectorLiteral(query.vector)}::vector limit 10`.execute(t.db);
    // Approximate by design, near-exact at this size: at least 9 of the exact 10.
    expect(found.filter((r) => exact.rows.some((e) => e.item === r.item)).length).toBeGreaterThanOrEqual(9);
  });

  it('keeps every row of a small collection or one scope, however many nearer rows other collections hold (the iterative scan)', async () => {
    expect((await nearest('listings', '')).map((r) => r.item).sort()).toEqual(['listing-1', 'listing-2', 'listing-3', 'listing-4', 'listing-5']);
    expect((await nearest('memory', 'agt_one')).map((r) => r.item).sort()).toEqual(['key-1', 'key-2', 'key-3']);
    expect(await nearest('memory', 'agt_other')).toEqual([]);
  });

  it('reads no other model’s vectors', async () => {
    expect(
      await withNearestScan(
        t.db,
        async (db) => (await sql`select item from ${nearestItems('catalog', '', { ...query, model: 'other' })} as n`.execute(db)).rows,
      ),
    ).toEqual([]);
  });
});
