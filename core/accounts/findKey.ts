import { type Kysely, sql } from 'kysely';
import type { KeyLimits, KeySettings } from '../../schema/accounts/keySettings';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { KeyRow } from '../projections/keys';
import { hashApiKey } from './apiKey';

/** A presented secret's key: who it is, what it may do, and until when the secret and the key work. */
export interface KeyRecord {
  readonly keyId: string;
  readonly accountId: string;
  /** The presented secret's hash and mask (a rotated-out secret keeps its own). */
  readonly keyHash: string;
  readonly masked: string;
  readonly label: string | null;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  /** The presented secret was rotated out: it works until then (the grace the rotation gave). */
  readonly retiresAt: Date | null;
  readonly limits: KeyLimits;
  readonly manageKeys: boolean;
}

/** Why a known key is refused now, with the code a caller branches on; null while it works. */
export interface KeyRefusal {
  readonly code: 'key_revoked' | 'key_expired' | 'key_rotated';
  readonly error: string;
  readonly hint: string;
}

/** The key a secret belongs to, whatever its state (revoked, expired, rotated out: keyRefusal says). */
export async function findKey(db: Kysely<Tables>, key: string): Promise<KeyRecord | undefined> {
  return findKeyByHash(db, hashApiKey(key));
}

/** One statement: the secret and its key. */
export async function findKeyByHash(db: Kysely<Tables>, keyHash: string): Promise<KeyRecord | undefined> {
  const row = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('key_secrets as s')
    .innerJoin('api_keys as k', 'k.key_id', 's.key_id')
    .select([
      's.key_hash',
      's.masked',
      's.retires_at',
      'k.key_id',
      'k.account_id',
      'k.label',
      'k.created_at',
      'k.revoked_at',
      'k.expires_at',
      'k.daily_limit_micros',
      'k.monthly_limit_micros',
      'k.rpm',
      'k.allowed_tools',
      'k.manage_keys',
    ])
    .where('s.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { label, manageKeys, ...limits } = keySettingsOf(row);
  return {
    keyId: row.key_id,
    accountId: row.account_id,
    keyHash: row.key_hash,
    masked: row.masked,
    label,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    retiresAt: row.retires_at,
    limits,
    manageKeys,
  };
}

/**
 * A key's row by its id, as the statement's transaction sees it. A change to a key reads it under the key stream's
 * lock, after taking it (lockedKey), so a change committed while it waited is seen.
 */
export async function findKeyRow(db: Kysely<Tables>, keyId: string): Promise<KeyRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('api_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
}

/** The settings a key row holds, as events record them and a caller's key carries them. */
export function keySettingsOf(
  row: Pick<KeyRow, 'label' | 'daily_limit_micros' | 'monthly_limit_micros' | 'rpm' | 'allowed_tools' | 'expires_at' | 'manage_keys'>,
): KeySettings {
  return {
    label: row.label,
    dailyLimitMicros: row.daily_limit_micros,
    monthlyLimitMicros: row.monthly_limit_micros,
    rpm: row.rpm,
    allowedTools: row.allowed_tools,
    expiresAt: row.expires_at?.toISOString() ?? null,
    manageKeys: row.manage_keys,
  };
}

/** Whether the secret works at `now`: not revoked, not expired, not rotated out past its grace (to the millisecond). */
export function keyRefusal(record: KeyRecord, now: Date): KeyRefusal | null {
  if (record.revokedAt) {
    return {
      code: 'key_revoked',
      error: `this API key was revoked at ${record.revokedAt.toISOString()}`,
      hint: "Use another of the account's keys, or create one with POST /auth/generate-key.",
    };
  }
  if (record.retiresAt && now >= record.retiresAt) {
    return {
      code: 'key_rotated',
      error: `this API key was rotated: its old secret stopped working at ${record.retiresAt.toISOString()}`,
      hint: 'Use the new secret POST /auth/keys/{key_id}/rotate gave.',
    };
  }
  if (record.limits.expiresAt && now.getTime() >= Date.parse(record.limits.expiresAt)) {
    return {
      code: 'key_expired',
      error: `this API key expired at ${record.limits.expiresAt}`,
      hint: 'A key that can manage keys may extend it (PATCH /auth/keys/{key_id} with a later expires_at) or create another.',
    };
  }
  return null;
}

/** An account's keys, oldest first, with what each spent (key_spend) and its rotated-out secrets (key_secrets). */
export function keysOfAccount(db: Kysely<Tables>, accountId: string) {
  return db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('api_keys as k')
    .leftJoin('key_spend as sp', 'sp.key_id', 'k.key_id')
    .selectAll('k')
    .select(['sp.day', 'sp.day_micros', 'sp.month', 'sp.month_micros', 'sp.spent_micros', 'sp.last_used_at'])
    .select(
      sql<
        { masked: string; retires_at: string }[]
      >`coalesce((select json_agg(json_build_object('masked', s.masked, 'retires_at', s.retires_at) order by s.retires_at)
        from ${sql.id(LIVE_SCHEMA, 'key_secrets')} s where s.key_id = k.key_id and s.retires_at is not null), '[]')`.as('retired_secrets'),
    )
    .where('k.account_id', '=', accountId)
    .orderBy('k.created_at')
    .orderBy('k.key_id');
}
