import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, type Db, dbFromPool } from '../../core/db/createDb';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { createEventStore, type EventStore } from '../../core/eventStore';
import { inlineProjections, LIVE_SCHEMA } from '../../core/projections';

export const TEST_DATABASE_PREFIX = 'toolgate_t_';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  readonly pool: pg.Pool;
  readonly db: Db;
  readonly store: EventStore;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file, cloned from the template globalSetup prepared. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (npm test)');
  const template = process.env.TEST_TEMPLATE_DATABASE!;
  const name = `${TEST_DATABASE_PREFIX}${process.env.TEST_RUN_ID}_${randomBytes(5).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`));
  const url = withDatabase(adminUrl, name);
  // Dropping the database at the end ends its idle connections: expected, so not worth a warning.
  const pool = createPool({ connectionString: url, max: 20, applicationName: 'toolgate-test', onIdleError: () => undefined });
  const db = dbFromPool(pool);
  return {
    url,
    name,
    pool,
    db,
    store: createEventStore(db, inlineProjections, LIVE_SCHEMA),
    async drop() {
      await db.destroy();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
