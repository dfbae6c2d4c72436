import type { Address, Hex } from 'viem';

/**
 * Remembers which authorizations were already spent here. EIP-3009 nonces are per payer, so a
 * nonce is claimed for its payer. `claim` must be atomic: of two concurrent claims of the same
 * (payer, nonce) exactly one gets true, across processes when the service runs several. The
 * service backs it by the event store, so a replay is refused across restarts and replicas.
 */
export interface NonceRegistry {
  /** True when this (payer, nonce) had never been claimed and now is; false when it was already. */
  claim(nonce: Hex, payer: Address): Promise<boolean>;
}
