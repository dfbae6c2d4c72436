import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { createPool } from './createDb';
import { preparingClient } from './preparedStatements';

let database: TestDatabase;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database.drop();
});

/** A pool of ONE connection, so every query runs in the same PostgreSQL session and its prepared statements show. */
function onePool(prepareThreshold: number): pg.Pool {
  const pool = createPool({ connectionString: database.url, max: 1, prepareThreshold, onIdleError: () => undefined });
  pools.push(pool);
  return pool;
}

/** The statements this session has prepared (this query has no parameters, so it is never prepared itself). */
async function preparedTexts(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time');
  return rows.map((row) => row.statement);
}

describe('statements run often become prepared statements on their connection', () => {
  it('prepares a parameterised text at its third run, and answers the same before and after', async () => {
    const pool = onePool(3);
    const text = 'select $1::int + 1 as n';
    const answers: number[] = [];
    for (let i = 0; i < 2; i++) answers.push((await pool.query<{ n: number }>(text, [i])).rows[0]!.n);
    expect(await preparedTexts(pool)).toEqual([]);
    for (let i = 2; i < 5; i++) answers.push((await pool.query<{ n: number }>(text, [i])).rows[0]!.n);
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(await preparedTexts(pool)).toEqual([text]);
  });

  it('prepares nothing with the threshold at 0, nor texts without parameters', async () => {
    const off = onePool(0);
    for (let i = 0; i < 6; i++) await off.query('select $1::text as s', [`x${i}`]);
    expect(await preparedTexts(off)).toEqual([]);
    const on = onePool(1);
    for (let i = 0; i < 3; i++) await on.query('select 42 as n');
    expect(await preparedTexts(on)).toEqual([]);
  });

  it('keeps the answers of the callback form (pool.query with a callback, as libraries call it)', async () => {
    const pool = onePool(1);
    const viaCallback = (value: number) =>
      new Promise<number>((resolve, reject) =>
        pool.query<{ n: number }>('select $1::int * 2 as n', [value], (error, result) => (error ? reject(error) : resolve(result.rows[0]!.n))),
      );
    expect([await viaCallback(2), await viaCallback(5)]).toEqual([4, 10]);
    expect(await preparedTexts(pool)).toEqual(['select $1::int * 2 as n']);
    await expect(
      new Promise((resolve, reject) => pool.query('select $1::int / 0 as n', [1], (error, result) => (error ? reject(error) : resolve(result)))),
    ).rejects.toThrow(/division by zero/);
  });

  it('rides out a migration that changes a prepared statement’s columns: at once outside a transaction, on the next try inside one', async () => {
    const admin = database.pool;
    await admin.query('create table prepared_probe (a int)');
    await admin.query('insert into prepared_probe values (1)');
    const pool = onePool(1);
    const read = 'select * from prepared_probe where a = $1';
    expect((await pool.query(read, [1])).rows).toEqual([{ a: 1 }]);

    await admin.query('alter table prepared_probe add column b int default 7');
    expect((await pool.query(read, [1])).rows).toEqual([{ a: 1, b: 7 }]);
    // Prepared again, with the new columns.
    expect((await pool.query(read, [1])).rows).toEqual([{ a: 1, b: 7 }]);
    expect(await preparedTexts(pool)).toEqual([read, read]);

    await admin.query('alter table prepared_probe add column c int default 8');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query(read, [1])).rejects.toThrow(/cached plan must not change result type/);
      await client.query('rollback');
      await client.query('begin');
      expect((await client.query(read, [1])).rows).toEqual([{ a: 1, b: 7, c: 8 }]);
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('prepares at most maxPerConnection texts on a connection', async () => {
    const Client = preparingClient({ threshold: 1, maxPerConnection: 2 });
    const client: pg.Client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const text of ['select $1::int as a', 'select $1::int as b', 'select $1::int as c']) {
        for (let i = 0; i < 2; i++) await client.query(text, [i]);
      }
      const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time');
      expect(rows.map((row) => row.statement)).toEqual(['select $1::int as a', 'select $1::int as b']);
      expect(client).toBeInstanceOf(pg.Client);
    } finally {
      await client.end();
    }
  });
});
