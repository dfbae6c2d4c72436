import { type Kysely, sql } from 'kysely';
import { streams } from '../../schema/events';
import type { Tables } from '../db/tables';
import type { EventStoreTransaction } from '../eventStore';
import { balances } from '../projections/balances';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { Row } from '../projections/types';

/** What an account can spend now (its balance less what running calls hold), from the inline balances projection; 0 for an account never credited. */
export async function availableBalance(db: Kysely<Tables>, accountId: string): Promise<number> {
  const row = await db.withSchema(LIVE_SCHEMA).selectFrom('balances').select('available_micros').where('account_id', '=', accountId).executeTakeFirst();
  return row?.available_micros ?? 0;
}

export interface LockedAccount {
  /** The account stream's version (0 when new), to append at. */
  readonly version: number;
  /** The call stream's version when it was locked too (0 for a call with no history). */
  readonly callVersion?: number;
  /** What the account can spend now; 0 for an account never credited. */
  readonly availableMicros: number;
  /** The low-balance thresholds its webhooks asked for (besides the service-wide one). */
  readonly webhookThresholds: number[];
}

/**
 * For a reservation: the call stream (when given), the account stream and the account's balance row, locked in that
 * order (every path takes them so: no deadlock), with the account's webhook thresholds, in ONE statement where they
 * took four. The order is the plan's, not luck: the balance is locked in a lateral subquery that depends on the
 * aggregate of the stream upserts, so both streams are locked before it. The balance row is handed to the
 * transaction, so the ChargeReserved append evolves it without reading it again.
 */
export async function lockAccount(tx: EventStoreTransaction, accountId: string, callStream?: string): Promise<LockedAccount> {
  const accountStream = streams.account(accountId);
  const locking = callStream ? sql`(${callStream}, 0), (${accountStream}, 0)` : sql`(${accountStream}, 0)`;
  const { rows } = await sql<Partial<Row> & { account_version: number; call_version: number | null; low_balance_thresholds: (string | number)[] }>`
    with locked as (
      insert into streams as s (stream_id, version) values ${locking}
      on conflict (stream_id) do update set version = s.version returning s.stream_id, s.version
    ), versions as (
      select max(version) filter (where stream_id = ${accountStream}) as account_version,
             max(version) filter (where stream_id <> ${accountStream}) as call_version
      from locked
    )
    select versions.account_version, versions.call_version, b.*,
      array(select distinct w.threshold_micros from ${sql.id(LIVE_SCHEMA, 'webhooks')} w
            where w.account_id = ${accountId} and w.threshold_micros is not null and w.events ? 'low_balance') as low_balance_thresholds
    from versions left join lateral (
      select * from ${sql.id(LIVE_SCHEMA, balances.table)} x
      where x.account_id = ${accountId} and versions.account_version is not null for update
    ) b on true`.execute(tx.trx);
  const { account_version: version, call_version: callVersion, low_balance_thresholds: thresholds, ...row } = rows[0]!;
  const locked = { version, ...(callStream ? { callVersion: callVersion ?? 0 } : {}) };
  // No row: never credited, so nothing to spend and no threshold to cross.
  if (row.account_id === null || row.account_id === undefined) return { ...locked, availableMicros: 0, webhookThresholds: [] };
  tx.holds(balances, row as Row);
  return { ...locked, availableMicros: Number(row.available_micros), webhookThresholds: thresholds.map(Number) };
}
