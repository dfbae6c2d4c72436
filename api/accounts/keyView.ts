import type { Kysely } from 'kysely';
import { keysOfAccount } from '../../core/accounts/findKey';
import type { Tables } from '../../core/db/tables';
import { utcDay } from '../../core/clock/clock';
import type { KeyRow } from '../../core/projections/keys';
import { spentIn, windowEnd } from '../../core/accounts/spendWindows';
import type { WindowSpend } from '../../schema/accounts/spendWindows';
import { microsToUsd } from '../../schema/money';

type AccountKeyRow = KeyRow & {
  day: string | null;
  day_micros: number | null;
  month: string | null;
  month_micros: number | null;
  spent_micros: number | null;
  last_used_at: Date | null;
  retired_secrets: readonly { masked: string; retires_at: string }[];
};

type LimitColumns = Pick<KeyRow, 'daily_limit_micros' | 'monthly_limit_micros' | 'rpm' | 'allowed_tools' | 'expires_at'>;

/** A key's limits and what is left of them at `now`, in the windows holding today (UTC). */
export function limitsView(key: LimitColumns, spend: WindowSpend | null, now: Date) {
  const today = utcDay(now);
  const spent = spentIn(spend, today);
  const window = (limit: number | null, spentMicros: number, which: 'daily' | 'monthly') => ({
    spent_usd: microsToUsd(spentMicros),
    remaining_usd: limit === null ? null : microsToUsd(Math.max(0, limit - spentMicros)),
    resets_at: windowEnd(which, today).toISOString(),
  });
  return {
    daily_limit_usd: key.daily_limit_micros === null ? null : microsToUsd(key.daily_limit_micros),
    monthly_limit_usd: key.monthly_limit_micros === null ? null : microsToUsd(key.monthly_limit_micros),
    rpm: key.rpm,
    allowed_tools: key.allowed_tools,
    expires_at: key.expires_at?.toISOString() ?? null,
    daily: window(key.daily_limit_micros, spent.daily, 'daily'),
    monthly: window(key.monthly_limit_micros, spent.monthly, 'monthly'),
  };
}

/** A key as its holder (or the operator) sees it: never its secret. */
export function keyView(row: AccountKeyRow, now: Date, callingKeyId?: string) {
  const spend: WindowSpend | null =
    row.day === null ? null : { day: row.day, dayMicros: row.day_micros ?? 0, month: row.month, monthMicros: row.month_micros ?? 0 };
  const expired = row.expires_at !== null && now >= row.expires_at;
  return {
    key_id: row.key_id,
    masked: row.masked,
    label: row.label,
    status: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    spent_usd: microsToUsd(row.spent_micros ?? 0),
    manage_keys: row.manage_keys,
    limits: limitsView(row, spend, now),
    previous_secrets: row.revoked_at
      ? []
      : row.retired_secrets
          .filter((secret) => Date.parse(secret.retires_at) > now.getTime())
          .map((secret) => ({ masked: secret.masked, works_until: new Date(secret.retires_at).toISOString() })),
    ...(callingKeyId === undefined ? {} : { calling: row.key_id === callingKeyId }),
  };
}

export type KeyView = ReturnType<typeof keyView>;

/** The account's keys as views, oldest first; `only` narrows them to one key. */
export async function accountKeyViews(db: Kysely<Tables>, accountId: string, now: Date, options: { only?: string; callingKeyId?: string } = {}) {
  let query = keysOfAccount(db, accountId);
  if (options.only !== undefined) query = query.where('k.key_id', '=', options.only);
  const rows = (await query.execute()) as AccountKeyRow[];
  return rows.map((row) => keyView(row, now, options.callingKeyId));
}
