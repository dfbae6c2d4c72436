import type { A2ATaskOwner } from '../../schema/a2a/a2aEvents';
import { walletOwner } from '../../core/networkAgents/owners';
import type { AppDeps, Caller } from '../deps';
import type { CallStreamHub } from '../callStreams/callStreamHub';
import type { A2AEndpoint } from './readAsk';

/** One A2A request: the endpoint it came by, who sent it (as the HTTP middleware identified them), and what it can use. */
export interface A2ARequest {
  readonly deps: AppDeps;
  readonly hub: CallStreamHub;
  readonly endpoint: A2AEndpoint;
  readonly caller: Caller | undefined;
  readonly clientIp: string;
  readonly requestId: string;
  readonly docs: string;
  /** Aborts when the client goes away (a stream is not followed for nobody). */
  readonly signal: AbortSignal;
}

/** Whose tasks a request opens and may read or cancel: the key's account, the session's wallet, or else the client IP. */
export function a2aTaskOwnerOf(request: Pick<A2ARequest, 'caller' | 'clientIp'>): A2ATaskOwner {
  const caller = request.caller;
  if (caller?.kind === 'key') return `key:${caller.accountId}`;
  if (caller?.kind === 'wallet') return walletOwner(caller.address);
  return `ip:${request.clientIp}`;
}
