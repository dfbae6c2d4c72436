import { type Kysely, sql } from 'kysely';
import { streams } from '../../schema/events';
import type { Tables } from '../db/tables';
import type { EventStoreTransaction } from '../eventStore';
import { keySpend, type KeySpendRow, windowSpendOf } from '../accounts/keySpend';
import type { KeyStanding } from '../accounts/spendLimits';
import { balances } from '../projections/balances';
import { keys } from '../projections/keys';
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
  /** The paying key's state, limits and spend, when a key was named (null: no such key). */
  readonly key?: KeyStanding | null;
}

/**
 * For a reservation: the call stream (when given), the account stream and the account's balance row, locked in that
 * order (every path takes them so: no deadlock), with the account's webhook thresholds, in ONE statement where they
 * took four. The order is the plan's, not luck: the balance is locked in a lateral subquery that depends on the
 * aggregate of the stream upserts, so both streams are locked before it. The balance row is handed to the
 * transaction, so the ChargeReserved append evolves it without reading it again. With `keyId`, the same statement
 * reads the paying key's limits and locks its spend row last (held for the append like the balance), so a key's
 * limits cost the reservation no round trip of its own.
 *
 * The key's row is read by a locking read after the stream locks, like the balance: a plain join would read it from
 * the snapshot the statement took before it waited for the account's lock, so a reservation queued behind a change
 * of the key's limits (or its revocation) would decide on the settings from before that change committed. A locking
 * read returns the row's latest committed version, and `for share` also waits for a change still being written
 * (an operator's revocation, which takes no account lock).
 */
export async function lockAccount(tx: EventStoreTransaction, accountId: string, callStream?: string, keyId?: string): Promise<LockedAccount> {
  const accountStream = streams.account(accountId);
  const locking = callStream ? sql`(${callStream}, 0), (${accountStream}, 0)` : sql`(${accountStream}, 0)`;
  const keyColumns = keyId
    ? sql`, k.key_id as key_found, k.revoked_at as key_revoked_at, k.expires_at as key_expires_at,
        k.daily_limit_micros as key_daily_limit, k.monthly_limit_micros as key_monthly_limit, to_jsonb(ks) as key_spend`
    : sql``;
  const keyJoins = keyId
    ? sql`left join lateral (
        select * from ${sql.id(LIVE_SCHEMA, keys.table)} z
        where z.key_id = ${keyId} and versions.account_version is not null for share
      ) k on true
      left join lateral (
        select * from ${sql.id(LIVE_SCHEMA, keySpend.table)} y
        where y.key_id = ${keyId} and versions.account_version is not null for update
      ) ks on true`
    : sql``;
  const { rows } = await sql<Partial<Row> & LockedColumns>`
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
      ${keyColumns}
    from versions left join lateral (
      select * from ${sql.id(LIVE_SCHEMA, balances.table)} x
      where x.account_id = ${accountId} and versions.account_version is not null for update
    ) b on true
    ${keyJoins}`.execute(tx.trx);
  const {
    account_version: version,
    call_version: callVersion,
    low_balance_thresholds: thresholds,
    key_found,
    key_revoked_at,
    key_expires_at,
    key_daily_limit,
    key_monthly_limit,
    key_spend,
    ...row
  } = rows[0]!;
  const locked = {
    version,
    ...(callStream ? { callVersion: callVersion ?? 0 } : {}),
    ...(keyId ? { key: await keyStanding(tx, keyId, { key_found, key_revoked_at, key_expires_at, key_daily_limit, key_monthly_limit, key_spend }) } : {}),
  };
  // No row: never credited, so nothing to spend and no threshold to cross.
  if (row.account_id === null || row.account_id === undefined) return { ...locked, availableMicros: 0, webhookThresholds: [] };
  tx.holds(balances, row as Row);
  return { ...locked, availableMicros: Number(row.available_micros), webhookThresholds: thresholds.map(Number) };
}

interface KeyColumns {
  key_found?: string | null;
  key_revoked_at?: Date | null;
  key_expires_at?: Date | null;
  key_daily_limit?: number | null;
  key_monthly_limit?: number | null;
  /** The key's spend row as JSON (its timestamp as text), or null before its first call. */
  key_spend?: (Omit<KeySpendRow, 'last_used_at'> & { last_used_at: string | null }) | null;
}

type LockedColumns = KeyColumns & { account_version: number; call_version: number | null; low_balance_thresholds: (string | number)[] };

/**
 * The key's standing from the columns the lock read. Its spend row was locked `for update` after the account's lock,
 * so it is the latest; it is handed to the transaction, so the append evolves it without reading it again. Every key
 * has one from its creation: a key without (none should be) is read again in a statement of its own, after the lock.
 */
async function keyStanding(tx: EventStoreTransaction, keyId: string, columns: KeyColumns): Promise<KeyStanding | null> {
  let spendRow: KeySpendRow | null = columns.key_spend
    ? { ...columns.key_spend, last_used_at: columns.key_spend.last_used_at === null ? null : new Date(columns.key_spend.last_used_at) }
    : null;
  if (spendRow) tx.holds(keySpend, spendRow as unknown as Row);
  else spendRow = (await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('key_spend').selectAll().where('key_id', '=', keyId).forUpdate().executeTakeFirst()) ?? null;
  if (!columns.key_found) return null;
  return {
    revokedAt: columns.key_revoked_at ?? null,
    expiresAt: columns.key_expires_at ?? null,
    dailyLimitMicros: columns.key_daily_limit ?? null,
    monthlyLimitMicros: columns.key_monthly_limit ?? null,
    spend: windowSpendOf(spendRow),
  };
}
