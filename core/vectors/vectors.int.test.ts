import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { addVectorColumns, cosineDistance, cosineIndexName, createCosineIndex, type ModelVectors, ofModel, parseVector, setEfSearch, vectorLiteral } from '.';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const notes = { table: 'notes', column: 'embedding', modelColumn: 'embedding_model' } as const;
const small: ModelVectors = { ...notes, model: 'toy-3d', dimensions: 3 };
const other: ModelVectors = { ...notes, model: 'Toy/Other 2D', dimensions: 2 };

describe('pgvector in the migrated database', () => {
  it('has the vector extension (the migration created it)', async () => {
    const { rows } = await sql<{ extversion: string }>`select extversion from pg_extension where extname = 'vector'`.execute(t.db);
    expect(rows[0]?.extversion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('finds the nearest row by cosine through a per-model HNSW index, never mixing models', async () => {
    await sql`create table notes (id text primary key, body text not null)`.execute(t.db);
    await addVectorColumns(t.db, notes);
    await addVectorColumns(t.db, notes); // again: nothing happens
    await createCosineIndex(t.db, small);
    await createCosineIndex(t.db, other);
    const rows: [string, number[], string][] = [
      ['north', [0, 1, 0], small.model],
      ['north-east', [1, 1, 0], small.model],
      ['east', [1, 0, 0], small.model],
      ['up', [0, 0, 1], small.model],
      // Another model's vector pointing exactly where the query points: it must never be returned for toy-3d.
      ['other-model', [0.1, 1], other.model],
    ];
    for (const [id, vector, model] of rows) {
      await sql`insert into notes (id, body, embedding, embedding_model) values (${id}, ${id}, ${vectorLiteral(vector)}::vector, ${model})`.execute(t.db);
    }
    const query = [0.2, 1, 0];
    // One connection, inside a transaction: the settings below hold for exactly these statements.
    await t.db.transaction().execute(async (trx) => {
      const nearest = trx
        .selectFrom('notes' as never)
        .select(['id' as never, sql<number>`1 - ${cosineDistance(small, query)}`.as('similarity')])
        .where(ofModel(small))
        .orderBy(cosineDistance(small, query))
        .limit(2);
      // No sequential scan allowed: only the index can answer, and the plan must name it.
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = (await nearest.explain()) as { 'QUERY PLAN': string }[];
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(cosineIndexName(small));
      await setEfSearch(trx, 100);
      const found = (await nearest.execute()) as { id: string; similarity: number }[];
      expect(found.map((r) => r.id)).toEqual(['north', 'north-east']);
      expect(found[0]!.similarity).toBeCloseTo(1 / Math.sqrt(1.04), 5);
    });
  });

  it('refuses a query vector of the wrong size before it reaches the server', () => {
    expect(() => cosineDistance(small, [1, 0])).toThrow(/2 dimensions, toy-3d makes 3/);
  });
});

describe('vector text', () => {
  it('round-trips numbers through pgvector text', async () => {
    const values = [0.5, -1.25, 3e-7];
    const { rows } = await sql<{ v: string }>`select ${vectorLiteral(values)}::vector::text as v`.execute(t.db);
    expect(parseVector(rows[0]!.v)).toEqual(values.map((x) => Math.fround(x)).map((x) => Number(x.toPrecision(7))));
  });

  it('refuses what pgvector cannot store', () => {
    expect(() => vectorLiteral([1, Number.NaN])).toThrow(/component 1 is NaN/);
    expect(() => vectorLiteral([])).toThrow(/at least one/);
  });
});
