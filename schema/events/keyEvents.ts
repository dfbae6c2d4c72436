import type { KeySettings } from '../accounts/keySettings';

/**
 * Key facts on `key-<keyId>` streams. Only the SHA-256 of a key's secret is ever recorded. A key is its id, its
 * account and its settings; its secret may change (KeyRotated) while its id, spend and limits stay.
 */
export interface KeyEvents {
  /**
   * `settings` absent: a key made before keys could be managed, its account's only key, which may manage keys. A key
   * made by POST /auth/keys names the key that made it in `createdBy`.
   */
  KeyCreated: {
    keyId: string;
    accountId: string;
    keyHash: string;
    masked: string;
    label?: string;
    createdByIp?: string;
    settings?: Omit<KeySettings, 'label'>;
    createdBy?: string;
  };
  /** The key's label, limits and permission after a change (all of them, so the row follows from this event alone). */
  KeySettingsChanged: { keyId: string; settings: KeySettings };
  /**
   * A new secret for the key; the previous one works until `previousRetiresAt` (the rotation's moment: at once), and
   * so do, at the latest, the older secrets still within an earlier rotation's grace (`earlierKeyHashes`; absent in
   * events recorded before a rotation bounded them): after a rotation no old secret outlives its grace.
   */
  KeyRotated: { keyId: string; keyHash: string; masked: string; previousKeyHash: string; previousRetiresAt: string; earlierKeyHashes?: string[] };
  /** The key, every secret of it, stops working. `keyHash` is its current secret's. */
  KeyRevoked: { keyId: string; keyHash: string; reason: string; by?: 'holder' | 'operator' };
  /** On `trialclaims-<ip>-<day>`: one a key created with trial credit, so the stream's version counts them. */
  TrialCreditClaimed: { ip: string; day: string; keyId: string };
}
