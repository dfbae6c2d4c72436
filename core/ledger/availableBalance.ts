import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import type { EventStoreTransaction } from '../eventStore';
import { balances, LIVE_SCHEMA } from '../projections';
import type { Row } from '../projections/types';

/** What an account can spend now (its balance less what running calls hold), from the inline balances projection; 0 for an account never credited. */
export async function availableBalance(db: Kysely<Tables>, accountId: string): Promise<number> {
  const row = await db.withSchema(LIVE_SCHEMA).selectFrom('balances').select('available_micros').where('account_id', '=', accountId).executeTakeFirst();
  return row?.available_micros ?? 0;
}

export interface LockedBalance {
  /** What the account can spend now; 0 for an account never credited. */
  readonly availableMicros: number;
  /** The low-balance thresholds its webhooks asked for (besides the service-wide one). */
  readonly webhookThresholds: number[];
}

/**
 * For a reservation, under the account stream's lock: the balance row locked as the balances projection locks it,
 * and the account's webhook thresholds, in ONE statement where they took three (balance, projection's row, thresholds).
 * The row is handed to the transaction, so the ChargeReserved append evolves it without reading it again.
 */
export async function lockedBalance(tx: EventStoreTransaction, accountId: string): Promise<LockedBalance> {
  const { rows } = await sql<Row & { low_balance_thresholds: (string | number)[] }>`select b.*,
      array(select distinct w.threshold_micros from ${sql.id(LIVE_SCHEMA, 'webhooks')} w
            where w.account_id = ${accountId} and w.threshold_micros is not null and w.events ? 'low_balance') as low_balance_thresholds
    from ${sql.id(LIVE_SCHEMA, balances.table)} b where b.account_id = ${accountId} for update of b`.execute(tx.trx);
  const found = rows[0];
  // No row: never credited, so nothing to spend and no threshold to cross.
  if (!found) return { availableMicros: 0, webhookThresholds: [] };
  const { low_balance_thresholds: thresholds, ...row } = found;
  tx.holds(balances, row);
  return { availableMicros: Number(row.available_micros), webhookThresholds: thresholds.map(Number) };
}
