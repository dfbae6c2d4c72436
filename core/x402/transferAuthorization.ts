import { type Address, type Hex, recoverTypedDataAddress } from 'viem';
import type { TransferAuthorization } from './decodePayment';
import type { PaymentTerms } from './paymentTerms';

/** EIP-3009's typed data, as USDC (FiatTokenV2) defines it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** The token's EIP-712 domain: it binds a signature to one token on one chain. */
export function tokenDomain(terms: Pick<PaymentTerms, 'assetName' | 'assetVersion' | 'chainId' | 'asset'>) {
  return { name: terms.assetName, version: terms.assetVersion, chainId: terms.chainId, verifyingContract: terms.asset } as const;
}

export function transferTypedData(terms: Pick<PaymentTerms, 'assetName' | 'assetVersion' | 'chainId' | 'asset'>, authorization: TransferAuthorization) {
  return {
    domain: tokenDomain(terms),
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization',
    message: authorization,
  } as const;
}

/**
 * Who signed this authorization for this token, or null when the signature cannot be an EOA's
 * (wrong length, not on the curve). Smart-contract wallets (ERC-1271) are not recognised here.
 */
export async function recoverAuthorizer(
  terms: Pick<PaymentTerms, 'assetName' | 'assetVersion' | 'chainId' | 'asset'>,
  authorization: TransferAuthorization,
  signature: Hex,
): Promise<Address | null> {
  if (signature.length !== 132) return null;
  try {
    return await recoverTypedDataAddress({ ...transferTypedData(terms, authorization), signature });
  } catch {
    return null;
  }
}
