import { type KeyLimits, type KeySettings, LIMIT_FIELDS } from '../../schema/accounts/keySettings';

/** Whether any limit binds the key. */
function isRestricted(limits: KeyLimits): boolean {
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
