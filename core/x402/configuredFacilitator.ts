import type { Hex } from 'viem';
import type { Config } from '../../schema/config';
import type { DevChain } from './devChainFile';
import type { Facilitator } from './facilitator';
import { createRemoteFacilitator } from './remoteFacilitator';
import { createSelfHostedFacilitator } from './selfHostedFacilitator';

export class FacilitatorNotConfigured extends Error {}

/**
 * The facilitator configuration names: a remote one when X402_FACILITATOR_URL is set, otherwise
 * the self-hosted one on X402_RPC_URL with X402_FACILITATOR_PRIVATE_KEY, each falling back to the
 * local development chain's when that runs.
 */
export function facilitatorFromConfig(config: Config, devChain: DevChain | null = null): Facilitator {
  if (config.x402FacilitatorUrl) {
    return createRemoteFacilitator({ url: config.x402FacilitatorUrl, bearerToken: config.x402FacilitatorToken || undefined });
  }
  const rpcUrl = config.x402RpcUrl || devChain?.rpcUrl;
  const privateKey = config.x402FacilitatorPrivateKey || devChain?.facilitatorPrivateKey;
  if (!rpcUrl || !privateKey) {
    throw new FacilitatorNotConfigured(
      'x402 needs a facilitator: set X402_FACILITATOR_URL, or X402_RPC_URL and X402_FACILITATOR_PRIVATE_KEY for the self-hosted one',
    );
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) throw new FacilitatorNotConfigured('X402_FACILITATOR_PRIVATE_KEY must be 32 bytes of hex (0x…)');
  return createSelfHostedFacilitator({ rpcUrl, privateKey: privateKey as Hex, expiryMarginSeconds: config.x402ExpiryMarginSeconds });
}
