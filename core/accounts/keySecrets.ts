import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

/** One row a secret a key has had: what a presented key is looked up by (its SHA-256), and until when it works. */
export interface KeySecretRow {
  key_hash: string;
  key_id: string;
  masked: string;
  /** A rotated-out secret works until then (its grace period); null for the key's current secret. */
  retires_at: Date | null;
}

type SecretEvent = StoredEventOf<'KeyCreated' | 'KeyRotated'>;

/**
 * A key's secrets by hash. A rotation adds the new secret and gives the previous one its end, in one event of the
 * key's stream (both rows come from that stream, so its order decides them). Inline: a secret works the moment it is
 * issued, and stops the moment its end passes.
 */
export const keySecrets: Projection<KeySecretRow> = {
  name: 'keySecrets',
  version: 1,
  mode: 'inline',
  table: 'key_secrets',
  columns: { key_hash: 'text', key_id: 'text', masked: 'text', retires_at: 'timestamptz' },
  key: ['key_hash'],
  indexes: [['key_id']],
  handles: ['KeyCreated', 'KeyRotated'],
  keysOf: (stored) => {
    const event = stored as SecretEvent;
    if (event.type !== 'KeyRotated') return [{ key_hash: event.data.keyHash }];
    const { keyHash, previousKeyHash, earlierKeyHashes = [] } = event.data;
    return [keyHash, previousKeyHash, ...earlierKeyHashes].map((hash) => ({ key_hash: hash }));
  },
  initial: (key, stored) => ({ key_hash: key.key_hash as string, key_id: (stored as SecretEvent).data.keyId, masked: '', retires_at: null }),
  evolve(row, stored) {
    const event = stored as SecretEvent;
    if (event.type === 'KeyCreated' || row.key_hash === event.data.keyHash) return { ...row, masked: event.data.masked, retires_at: null };
    // An old secret (the previous one, or one still in an earlier rotation's grace): its end is the earlier of the one
    // it had and this rotation's, so a rotation with no grace leaves no old secret working.
    const end = new Date(event.data.previousRetiresAt);
    return { ...row, retires_at: row.retires_at && row.retires_at < end ? row.retires_at : end };
  },
};
