import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { migrations } from './migrations/allMigrations';
import { rebuildProjection, readWholeLog } from '../projections/rebuildProjection';
import { createProjectionTable, dropProjectionTable, projectionDefinition } from '../projections/projectionTable';
import type { AnyProjection } from '../projections/types';
import { subscriptionIdOf } from '../projections/asyncProjectionHandler';
import type { Db } from './createDb';

const MIGRATION_LOCK = 7243_0001;

export interface MigrateOptions {
  readonly projections: readonly AnyProjection[];
  readonly schema: string;
  readonly log?: (line: string) => void;
}

/**
 * Brings the database to the current shape: event-store migrations first, then projection tables.
 * A projection whose definition changed is rebuilt from the log (inline ones here, async ones by
 * resetting the subscriber's checkpoint). Serialized across processes by an advisory lock.
 */
export async function migrate(db: Db, options: MigrateOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      const { error, results } = await new Migrator({
        db: conn,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
      }).migrateToLatest();
      for (const r of results ?? []) log(`migration ${r.migrationName}: ${r.status}`);
      if (error) throw error;
      await sql`create schema if not exists ${sql.id(options.schema)}`.execute(conn);
      for (const projection of options.projections) await ensureProjection(conn, options.schema, projection, log);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function ensureProjection(db: Db, schema: string, projection: AnyProjection, log: (line: string) => void): Promise<void> {
  const definition = projectionDefinition(projection);
  const stored = await db.selectFrom('projection_versions').select('definition').where('name', '=', projection.name).executeTakeFirst();
  if (stored?.definition === definition) return;
  await db.transaction().execute(async (trx) => {
    // Appends wait while an inline projection is rebuilt, so none is missed or applied twice.
    if (projection.mode === 'inline') await sql`lock table events in share mode`.execute(trx);
    await dropProjectionTable(trx, schema, projection);
    await createProjectionTable(trx, schema, projection);
    if (projection.mode === 'inline') {
      const rows = await rebuildProjection(trx, schema, projection, readWholeLog(trx, projection.handles));
      log(`projection ${projection.name}: built ${rows} rows from the log`);
    } else {
      await trx.deleteFrom('subscription_checkpoints').where('subscription_id', '=', subscriptionIdOf(projection)).execute();
      log(`projection ${projection.name}: will be rebuilt by the subscriber`);
    }
    await trx
      .insertInto('projection_versions')
      .values({ name: projection.name, definition })
      .onConflict((oc) => oc.column('name').doUpdateSet({ definition, rebuilt_at: sql`now()` }))
      .execute();
  });
}
