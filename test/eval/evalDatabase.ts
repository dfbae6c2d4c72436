import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../core/db/createDb';
import { migrate } from '../../core/db/migrate';
import { createEventStore, type EventStore } from '../../core/eventStore';
import { allProjections, inlineProjections, LIVE_SCHEMA } from '../../core/projections';
import { withDatabase } from '../../scripts/services/databaseUrl';

export interface EvalDatabase {
  readonly db: Db;
  readonly store: EventStore;
  drop(): Promise<void>;
}

/**
 * A migrated database of its own for a search suite (DATABASE_URL's server, default the local one), dropped at the
 * end: searches are measured on real PostgreSQL + pgvector, as they run.
 */
export async function createEvalDatabase(): Promise<EvalDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://toolgate:toolgate@127.0.0.1:54329/postgres';
  const name = `toolgate_eval_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${pg.escapeIdentifier(name)}`);
  const db = createDb({ connectionString: withDatabase(adminUrl, name), max: 4 });
  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
  return {
    db,
    store: createEventStore(db, inlineProjections, LIVE_SCHEMA),
    async drop() {
      await db.destroy();
      await admin(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}
