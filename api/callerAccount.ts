import type { RequestState } from './deps';

/** The calling key's account; the route's requireKey() has already refused anyone else. */
export function callerAccount(state: RequestState): { accountId: string; keyId: string } {
  if (state.caller?.kind !== 'key') throw new Error('requireKey() must run before webhook handlers');
  return { accountId: state.caller.accountId, keyId: state.caller.keyId };
}
