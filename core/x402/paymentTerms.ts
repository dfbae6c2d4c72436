import { type Address, getAddress, isAddress } from 'viem';
import type { Config } from '../../schema/config';
import type { DevChain } from './devChainFile';
import { type Caip2Network, caip2, chainIdOf, isCaip2Network } from './network';

/**
 * What every payment for this service must look like, whatever the call: the token (an EIP-3009
 * contract and its EIP-712 domain), the network, the payee and how long an offer stands.
 */
export interface PaymentTerms {
  readonly network: Caip2Network;
  readonly chainId: number;
  readonly asset: Address;
  readonly assetName: string;
  readonly assetVersion: string;
  readonly payTo: Address;
  readonly maxTimeoutSeconds: number;
}

export class InvalidPaymentTerms extends Error {}

/**
 * Terms from configuration. In development the local chain's token and payee stand in while
 * X402_PAY_TO is empty (a payee set by hand means a real network is meant).
 */
export function paymentTermsFromConfig(config: Config, devChain: DevChain | null = null): PaymentTerms {
  const useDevChain = devChain !== null && config.x402PayTo === '';
  const network = useDevChain ? caip2(devChain.chainId) : config.x402Network;
  return paymentTerms({
    network,
    asset: useDevChain ? devChain.asset : config.x402Asset,
    assetName: config.x402AssetName,
    assetVersion: config.x402AssetVersion,
    payTo: useDevChain ? devChain.payTo : config.x402PayTo,
    maxTimeoutSeconds: config.x402MaxTimeoutSeconds,
  });
}

export function paymentTerms(input: {
  network: string;
  asset: string;
  assetName: string;
  assetVersion: string;
  payTo: string;
  maxTimeoutSeconds: number;
}): PaymentTerms {
  if (!isCaip2Network(input.network)) throw new InvalidPaymentTerms(`X402_NETWORK must be a CAIP-2 EVM network such as eip155:8453, not "${input.network}"`);
  if (!isAddress(input.asset, { strict: false })) throw new InvalidPaymentTerms(`X402_ASSET must be a token contract address, not "${input.asset}"`);
  if (!isAddress(input.payTo, { strict: false })) {
    throw new InvalidPaymentTerms(
      input.payTo ? `X402_PAY_TO must be a wallet address, not "${input.payTo}"` : 'X402_PAY_TO must be set: the wallet that receives x402 payments',
    );
  }
  if (!Number.isSafeInteger(input.maxTimeoutSeconds) || input.maxTimeoutSeconds <= 0)
    throw new InvalidPaymentTerms('X402_MAX_TIMEOUT_SECONDS must be a positive whole number');
  return {
    network: input.network,
    chainId: chainIdOf(input.network) as number,
    asset: getAddress(input.asset),
    assetName: input.assetName,
    assetVersion: input.assetVersion,
    payTo: getAddress(input.payTo),
    maxTimeoutSeconds: input.maxTimeoutSeconds,
  };
}
