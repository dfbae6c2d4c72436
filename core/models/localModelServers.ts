import { type Kysely, sql } from 'kysely';
import type { Config } from '../../schema/config';
import type { FoundLocalModel, LocalServerModel } from '../../schema/models';
import { servableLocalModels } from './servableLocalModels';
import type { Tables } from '../db/tables';

/** Replaces what one host's workers found (an empty list clears it: the servers are gone or the probe is off). */
export async function recordLocalModels(db: Kysely<Tables>, host: string, models: readonly FoundLocalModel[]): Promise<void> {
  // Stamped by the database as it writes: the moment is the write's, not a clock of this process.
  const row = { models: JSON.stringify(models), probed_at: sql<Date>`now()` };
  await db
    .insertInto('local_model_servers')
    .values({ host, ...row })
    .onConflict((conflict) => conflict.column('host').doUpdateSet(row))
    .execute();
}

/** Every host's finds, in host order, so the order (and which server keeps an id found twice) is stable. */
export async function readLocalModels(db: Kysely<Tables>): Promise<FoundLocalModel[]> {
  const rows = await db.selectFrom('local_model_servers').select('models').orderBy('host').execute();
  return rows.flatMap((row) => row.models);
}

/** The servable models of a probe, priced as this deployment prices local servers. */
export function pricedLocalModels(found: readonly FoundLocalModel[], config: Pick<Config, 'localServerInputUsd' | 'localServerOutputUsd'>): LocalServerModel[] {
  return servableLocalModels(found).map((model) => ({ ...model, inputPerMillion: config.localServerInputUsd, outputPerMillion: config.localServerOutputUsd }));
}
