import type { KeySettings } from '../../schema/accounts/keySettings';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from './types';

/** One row a key: its account, label, limits and state. Its secrets are rows of key_secrets (core/accounts/keySecrets.ts). */
export interface KeyRow {
  key_id: string;
  account_id: string;
  label: string | null;
  /** The current secret's mask (`apk_Ab3d…x9Zq`). */
  masked: string;
  created_at: Date;
  revoked_at: Date | null;
  expires_at: Date | null;
  daily_limit_micros: number | null;
  monthly_limit_micros: number | null;
  rpm: number | null;
  allowed_tools: string[] | null;
  manage_keys: boolean;
  /** The key that created this one (POST /auth/keys); null for an account's first key. */
  created_by: string | null;
}

type KeyEvent = StoredEventOf<'KeyCreated' | 'KeySettingsChanged' | 'KeyRotated' | 'KeyRevoked'>;

/**
 * API keys by id, for authentication (joined to their secrets) and the reservation's limits. Inline so a key works the
 * moment it is issued, and a change binds the next reservation.
 */
export const keys: Projection<KeyRow> = {
  name: 'keys',
  version: 2,
  mode: 'inline',
  table: 'api_keys',
  columns: {
    key_id: 'text',
    account_id: 'text',
    label: 'text',
    masked: 'text',
    created_at: 'timestamptz',
    revoked_at: 'timestamptz',
    expires_at: 'timestamptz',
    daily_limit_micros: 'bigint',
    monthly_limit_micros: 'bigint',
    rpm: 'integer',
    allowed_tools: 'jsonb',
    manage_keys: 'boolean',
    created_by: 'text',
  },
  key: ['key_id'],
  indexes: [['account_id']],
  handles: ['KeyCreated', 'KeySettingsChanged', 'KeyRotated', 'KeyRevoked'],
  keysOf: (event) => [{ key_id: (event as KeyEvent).data.keyId }],
  initial: (key, event) => ({
    key_id: key.key_id as string,
    account_id: '',
    label: null,
    masked: '',
    created_at: event.recordedAt,
    revoked_at: null,
    expires_at: null,
    daily_limit_micros: null,
    monthly_limit_micros: null,
    rpm: null,
    allowed_tools: null,
    manage_keys: false,
    created_by: null,
  }),
  evolve(row, stored) {
    const event = stored as KeyEvent;
    switch (event.type) {
      case 'KeyCreated': {
        const { accountId, label, masked, settings, createdBy } = event.data;
        // A key made before keys could be managed was its account's only key, and manages it.
        const withSettings = settings ? settingsColumns({ ...settings, label: label ?? null }) : { label: label ?? null, manage_keys: true };
        return { ...row, ...withSettings, account_id: accountId, masked, created_at: event.recordedAt, created_by: createdBy ?? null };
      }
      case 'KeySettingsChanged':
        return { ...row, ...settingsColumns(event.data.settings) };
      case 'KeyRotated':
        return { ...row, masked: event.data.masked };
      case 'KeyRevoked':
        // Revoked once: a second revocation (an operator's after the holder's) keeps the first moment.
        return { ...row, revoked_at: row.revoked_at ?? event.recordedAt };
    }
  },
};

function settingsColumns(
  settings: KeySettings,
): Pick<KeyRow, 'label' | 'expires_at' | 'daily_limit_micros' | 'monthly_limit_micros' | 'rpm' | 'allowed_tools' | 'manage_keys'> {
  return {
    label: settings.label,
    expires_at: settings.expiresAt === null ? null : new Date(settings.expiresAt),
    daily_limit_micros: settings.dailyLimitMicros,
    monthly_limit_micros: settings.monthlyLimitMicros,
    rpm: settings.rpm,
    allowed_tools: settings.allowedTools === null ? null : [...settings.allowedTools],
    manage_keys: settings.manageKeys,
  };
}
