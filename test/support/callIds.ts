import { scopedCallId } from '../../core/idempotency';

/**
 * The call a request with this X-Request-Id makes (its stream `call-<id>` and workflow): keys are each sender's own,
 * so the id is the key in the sender's namespace (core/idempotency/scopedCallId.ts, api/idempotency/requestScope.ts).
 */
export const keyCallId = (accountId: string, requestId: string): string => scopedCallId(`key:${accountId}`, requestId);

/** The same for a caller without credentials, from this machine's loopback address. */
export const anonymousCallId = (requestId: string, ip = '127.0.0.1'): string => scopedCallId(`ip:${ip}`, requestId);

/** The same for an x402 payment (or a wallet session) of this wallet. */
export const walletCallId = (address: string, requestId: string): string => scopedCallId(`wallet:${address.toLowerCase()}`, requestId);
