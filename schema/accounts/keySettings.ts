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

/** Whether any limit binds the key. */
export function isRestricted(limits: KeyLimits): boolean {
  return Object.values(limits).some((value) => value !== null);
}

/**
 * Why a key may not manage keys although asked: a key that could manage keys could make itself a key without its
 * limits (or lift them with PATCH), so its limits would bind nothing. Only an unrestricted key manages keys.
 */
export function manageKeysProblem(settings: Pick<KeySettings, 'manageKeys'> & KeyLimits): string | null {
  if (!settings.manageKeys || !isRestricted(settings)) return null;
  const bound = (Object.entries(settings) as [string, unknown][])
    .filter(([name, value]) => name !== 'manageKeys' && value !== null)
    .map(([name]) => LIMIT_FIELDS[name as keyof KeyLimits]);
  return `manage_keys is only for a key with no limits (this one has ${bound.join(', ')}): a key that manages keys could lift its own limits`;
}

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
