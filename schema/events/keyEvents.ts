/** Key facts on `key-<keyId>` streams. Only the SHA-256 of a key is ever recorded. */
export interface KeyEvents {
  KeyCreated: { keyId: string; accountId: string; keyHash: string; masked: string; label?: string; createdByIp?: string };
  KeyRevoked: { keyId: string; keyHash: string; reason: string };
  /** On `trialclaims-<ip>-<day>`: one a key created with trial credit, so the stream's version counts them. */
  TrialCreditClaimed: { ip: string; day: string; keyId: string };
}
