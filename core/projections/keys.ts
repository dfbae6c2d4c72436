import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from './types';

export interface KeyRow {
  key_hash: string;
  key_id: string;
  account_id: string;
  label: string | null;
  masked: string;
  created_at: Date;
  revoked: boolean;
}

type KeyEvent = StoredEventOf<'KeyCreated' | 'KeyRevoked'>;

/** API keys by hash, for authentication. Inline so a key works the moment it is issued. */
export const keys: Projection<KeyRow> = {
  name: 'keys',
  version: 1,
  mode: 'inline',
  table: 'api_keys',
  columns: { key_hash: 'text', key_id: 'text', account_id: 'text', label: 'text', masked: 'text', created_at: 'timestamptz', revoked: 'boolean' },
  key: ['key_hash'],
  indexes: [['key_id'], ['account_id']],
  handles: ['KeyCreated', 'KeyRevoked'],
  keysOf: (event) => [{ key_hash: (event as KeyEvent).data.keyHash }],
  initial: (key, event) => ({
    key_hash: key.key_hash as string,
    key_id: '',
    account_id: '',
    label: null,
    masked: '',
    created_at: event.recordedAt,
    revoked: false,
  }),
  evolve(row, stored) {
    const event = stored as KeyEvent;
    if (event.type === 'KeyRevoked') return { ...row, revoked: true };
    const { keyId, accountId, label, masked } = event.data;
    return { ...row, key_id: keyId, account_id: accountId, label: label ?? null, masked, created_at: event.recordedAt };
  },
};
