import { type KeyLimits, type KeySettings, LIMIT_FIELDS } from '../../schema/accounts/keySettings';

/**
 * Why a key may not manage keys although asked: a key that could manage keys could make itself a key without its
 * limits (or lift them with PATCH), so its limits would bind nothing. Only an unrestricted key manages keys. Only the
 * limits count: the settings passed in carry the label and manage_keys too, which bind nothing.
 */
export function manageKeysProblem(settings: Pick<KeySettings, 'manageKeys'> & KeyLimits & { readonly label?: string | null }): string | null {
  if (!settings.manageKeys) return null;
  const bound = (Object.keys(LIMIT_FIELDS) as (keyof KeyLimits)[]).filter((name) => settings[name] !== null).map((name) => LIMIT_FIELDS[name]);
  if (bound.length === 0) return null;
  return `manage_keys is only for a key with no limits (this one has ${bound.join(', ')}): a key that manages keys could lift its own limits`;
}
