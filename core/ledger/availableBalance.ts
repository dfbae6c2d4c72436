import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections';

/** What an account can spend now (its balance less what running calls hold), from the inline balances projection; 0 for an account never credited. */
export async function availableBalance(db: Kysely<Tables>, accountId: string): Promise<number> {
  const row = await db.withSchema(LIVE_SCHEMA).selectFrom('balances').select('available_micros').where('account_id', '=', accountId).executeTakeFirst();
  return row?.available_micros ?? 0;
}
