import { type Address, type Hex, recoverTypedDataAddress } from 'viem';

/**
 * What an x402 `upto` payment is made of: a Permit2 signature transfer with a witness, spent through the x402 upto
 * proxy. The addresses are the same on every chain (Permit2's canonical deployment, the proxy's); the development
 * chain has both placed there (core/x402/devPermit2.ts).
 */
export const PERMIT2_ADDRESS: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const UPTO_PROXY_ADDRESS: Address = '0x4020A4f3b7b90ccA423B9fabCc0CE57C6C240002';

/** A Permit2 witness transfer as the payer signed it: at most `permitted.amount` of `permitted.token` to `witness.to`. */
export interface Permit2Authorization {
  readonly from: Address;
  readonly permitted: { readonly token: Address; readonly amount: bigint };
  /** Who may pull the tokens: the upto proxy. */
  readonly spender: Address;
  /** Permit2's unordered nonce: any unused 256-bit number. */
  readonly nonce: bigint;
  /** Unix seconds after which Permit2 refuses the transfer. */
  readonly deadline: bigint;
  readonly witness: { readonly to: Address; readonly facilitator: Address; readonly validAfter: bigint };
}

export const UPTO_WITNESS_TYPES = {
  PermitWitnessTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'witness', type: 'Witness' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  Witness: [
    { name: 'to', type: 'address' },
    { name: 'facilitator', type: 'address' },
    { name: 'validAfter', type: 'uint256' },
  ],
} as const;

export function uptoTypedData(chainId: number, authorization: Permit2Authorization) {
  const { permitted, spender, nonce, deadline, witness } = authorization;
  return {
    domain: { name: 'Permit2', chainId, verifyingContract: PERMIT2_ADDRESS },
    types: UPTO_WITNESS_TYPES,
    primaryType: 'PermitWitnessTransferFrom',
    message: { permitted, spender, nonce, deadline, witness },
  } as const;
}

/** Who signed this Permit2 witness transfer on this chain, or null when the signature cannot be an EOA's. */
export async function recoverPermit2Signer(chainId: number, authorization: Permit2Authorization, signature: Hex): Promise<Address | null> {
  if (signature.length !== 132) return null;
  try {
    return await recoverTypedDataAddress({ ...uptoTypedData(chainId, authorization), signature });
  } catch {
    return null;
  }
}

/** Permit2's unordered nonces live in 256-bit words: which word, and which bit of it, a nonce uses. */
export function nonceBit(nonce: bigint): { wordPosition: bigint; mask: bigint } {
  return { wordPosition: nonce >> 8n, mask: 1n << (nonce & 0xffn) };
}

/** The calls the facilitator makes: the proxy's settle, Permit2's nonce bitmap, the token's allowance to Permit2. */
export const uptoProxyAbi = [
  {
    type: 'function',
    name: 'settle',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'permit',
        type: 'tuple',
        components: [
          {
            name: 'permitted',
            type: 'tuple',
            components: [
              { name: 'token', type: 'address' },
              { name: 'amount', type: 'uint256' },
            ],
          },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      { name: 'amount', type: 'uint256' },
      { name: 'owner', type: 'address' },
      {
        name: 'witness',
        type: 'tuple',
        components: [
          { name: 'to', type: 'address' },
          { name: 'facilitator', type: 'address' },
          { name: 'validAfter', type: 'uint256' },
        ],
      },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [],
  },
  { type: 'error', name: 'AmountExceedsPermitted', inputs: [] },
  { type: 'error', name: 'InvalidDestination', inputs: [] },
  { type: 'error', name: 'InvalidOwner', inputs: [] },
  { type: 'error', name: 'PaymentTooEarly', inputs: [] },
  { type: 'error', name: 'UnauthorizedFacilitator', inputs: [] },
  // Permit2's own errors, which reach the facilitator through the proxy.
  { type: 'error', name: 'InvalidNonce', inputs: [] },
  { type: 'error', name: 'SignatureExpired', inputs: [{ name: 'signatureDeadline', type: 'uint256' }] },
  { type: 'error', name: 'InvalidSignature', inputs: [] },
  { type: 'error', name: 'InvalidSigner', inputs: [] },
  { type: 'error', name: 'InvalidAmount', inputs: [{ name: 'maxAmount', type: 'uint256' }] },
] as const;

export const permit2Abi = [
  {
    type: 'function',
    name: 'nonceBitmap',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'wordPosition', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

export const erc20AllowanceAbi = [
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;
