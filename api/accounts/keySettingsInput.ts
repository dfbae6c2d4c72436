import type { KeySettings } from '../../schema/accounts/keySettings';
import { allowedToolGroups, unknownAllowedTools } from '../../core/accounts/allowedTools';
import { InvalidAmount, usdToMicros } from '../../schema/money';
import type { AppDeps, Caller } from '../deps';
import { BadRequest, Forbidden } from '../errors/httpErrors';

type KeyCaller = Extract<Caller, { kind: 'key' }>;

/**
 * The key managing keys: one of the account's keys that may (manage_keys: the account's first key, or one given it,
 * never one with limits). A restricted key cannot manage keys: it could make itself a key without its limits.
 */
export function keyManager(caller: Caller | undefined, docs: string): KeyCaller {
  if (caller?.kind !== 'key') throw new Error('requireKey() must run before key management');
  if (!caller.grants.manageKeys) {
    throw new Forbidden(
      "this key may not manage the account's keys",
      "Send the account's first key, or another with manage_keys (a key with limits never has it: it could lift them).",
      docs,
    ).withCode('manage_keys_required');
  }
  return caller;
}

/** The wire's settings fields, as POST /auth/keys and PATCH /auth/keys/{key_id} take them (PATCH: null removes a limit). */
export interface SettingsInput {
  readonly label?: string | null;
  readonly daily_limit_usd?: number | null;
  readonly monthly_limit_usd?: number | null;
  readonly rpm?: number | null;
  readonly allowed_tools?: readonly string[] | null;
  readonly expires_at?: string | null;
  readonly manage_keys?: boolean;
}

/** The settings the input gives (only those it names), checked against what this deployment allows. */
export function settingsOf(input: SettingsInput, deps: AppDeps, docs: string): Partial<KeySettings> {
  const settings: { -readonly [K in keyof KeySettings]?: KeySettings[K] } = {};
  if (input.label !== undefined) settings.label = input.label;
  if (input.daily_limit_usd !== undefined) settings.dailyLimitMicros = limitMicros('daily_limit_usd', input.daily_limit_usd, docs);
  if (input.monthly_limit_usd !== undefined) settings.monthlyLimitMicros = limitMicros('monthly_limit_usd', input.monthly_limit_usd, docs);
  if (input.rpm !== undefined) {
    const most = deps.config.keyRateLimitPerMinute;
    if (input.rpm !== null && input.rpm > most) {
      throw new BadRequest(`rpm ${input.rpm} is above this deployment's ${most} requests a minute per key`, `Ask for at most ${most}.`, docs).forField('rpm');
    }
    settings.rpm = input.rpm;
  }
  if (input.allowed_tools !== undefined) {
    const unknown = input.allowed_tools === null ? [] : unknownAllowedTools(input.allowed_tools);
    if (unknown.length > 0) {
      throw new BadRequest(
        `allowed_tools names nothing this service offers: ${unknown.join(', ')}`,
        `Name groups (${allowedToolGroups().join(', ')}) or paths (/sentiment, or a prefix ending in *: /data/*).`,
        docs,
      ).forField('allowed_tools');
    }
    settings.allowedTools = input.allowed_tools;
  }
  if (input.expires_at !== undefined) {
    if (input.expires_at !== null && Date.parse(input.expires_at) <= deps.clock.now().getTime()) {
      throw new BadRequest('expires_at is not in the future', 'Give a later moment (ISO 8601, e.g. 2030-01-01T00:00:00Z), or revoke the key.', docs).forField(
        'expires_at',
      );
    }
    settings.expiresAt = input.expires_at === null ? null : new Date(input.expires_at).toISOString();
  }
  if (input.manage_keys !== undefined) settings.manageKeys = input.manage_keys;
  return settings;
}

function limitMicros(field: string, usd: number | null, docs: string): number | null {
  if (usd === null) return null;
  try {
    return usdToMicros(usd);
  } catch (error) {
    if (error instanceof InvalidAmount)
      throw new BadRequest(`${field} has more than 6 decimals`, 'USD amounts are exact to the micro-USD (6 decimals).', docs).forField(field);
    throw error;
  }
}
