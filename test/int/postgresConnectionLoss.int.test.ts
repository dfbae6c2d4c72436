import { sql } from 'kysely';
import { createPool } from '../../core/db/createDb';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';

/** Found by the chaos run: a PostgreSQL restart ended connections the pool had lent out, and the process died. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('survives the server ending a connection that is checked out, and serves the next query on a fresh one', async () => {
  const reported: Error[] = [];
  const pool = createPool({ connectionString: database.url, max: 2, onIdleError: (error) => reported.push(error) });
  try {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // As a restart would: the server ends the backend while the client is lent out, between two queries.
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(database.db);
    await waitFor(async () => reported.length > 0, 'the pool to report the ended connection');
    await expect(client.query('select 1')).rejects.toThrow();
    client.release();
    const { rows: after } = await pool.query<{ ok: number }>('select 1 as ok');
    expect(after).toEqual([{ ok: 1 }]);
  } finally {
    await pool.end();
  }
});
