import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections';

/** The low-balance thresholds the account's webhooks asked for, besides the service-wide one. */
export async function registeredThresholds(db: Kysely<Tables>, accountId: string): Promise<number[]> {
  const rows = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('webhooks')
    .select('threshold_micros')
    .distinct()
    .where('account_id', '=', accountId)
    .where('threshold_micros', 'is not', null)
    .where(sql<boolean>`events ? 'low_balance'`)
    .execute();
  return rows.map((r) => r.threshold_micros as number);
}
