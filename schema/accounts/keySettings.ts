/**
 * What a key may do, besides spend its account's balance: its spend limits (UTC calendar day and month), its rate
 * limit, the tools it may call, when it expires, and whether it may manage the account's keys. `null` is "no limit".
 * Recorded whole in KeyCreated and KeySettingsChanged, so the key's row follows from its last event alone.
 */
export interface KeyLimits {
  /** Most the key may spend (hold or be charged) in one UTC calendar day, in micro-USD. */
  readonly dailyLimitMicros: number | null;
  /** Most the key may spend in one UTC calendar month, in micro-USD. */
  readonly monthlyLimitMicros: number | null;
  /** Requests per minute (at most the deployment's KEY_RATE_LIMIT_PER_MINUTE, which applies otherwise). */
  readonly rpm: number | null;
  /** Registry groups (a category or a family, as MCP's ?tools= names them) or paths (`/sentiment`, `/data/*`). */
  readonly allowedTools: readonly string[] | null;
  /** From this moment the key answers 401 key_expired (ISO 8601). */
  readonly expiresAt: string | null;
}

export interface KeySettings extends KeyLimits {
  readonly label: string | null;
  /** The key may create, change, rotate and revoke its account's keys (only a key with no limits: see keyManagement). */
  readonly manageKeys: boolean;
}

export const NO_LIMITS: KeyLimits = { dailyLimitMicros: null, monthlyLimitMicros: null, rpm: null, allowedTools: null, expiresAt: null };

/** How each limit is named on the wire. */
export const LIMIT_FIELDS: Readonly<Record<keyof KeyLimits, string>> = {
  dailyLimitMicros: 'daily_limit_usd',
  monthlyLimitMicros: 'monthly_limit_usd',
  rpm: 'rpm',
  allowedTools: 'allowed_tools',
  expiresAt: 'expires_at',
};

/** Longest a rotated-out secret may keep working (a week): long enough to roll a fleet, short enough to be a rotation. */
export const MAX_GRACE_SECONDS = 7 * 24 * 3600;
