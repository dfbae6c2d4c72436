import { walletOwner } from '../core/networkAgents/owners';
import { type Owner } from '../schema/agentNetwork';
import type { RequestState } from './deps';

/** Who an inline read acts as: the key's account or the session's wallet (requireIdentity runs first). */
export function callerOwner(state: RequestState): Owner {
  const caller = state.caller;
  if (caller?.kind === 'key') return `key:${caller.accountId}`;
  if (caller?.kind === 'wallet') return walletOwner(caller.address);
  throw new Error('requireIdentity() must run before handlers that act as an owner');
}
