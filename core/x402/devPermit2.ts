import { type Address, encodeAbiParameters, type Hex, keccak256, numberToHex, toHex } from 'viem';
import permit2 from './contracts/Permit2.json';
import proxy from './contracts/X402UptoProxy.json';
import { PERMIT2_ADDRESS, UPTO_PROXY_ADDRESS } from './permit2';

/** Where the development chain gets code put at an address: ganache's evm_setAccountCode (viem's testClient.setCode). */
export interface CodeSetter {
  setCode(args: { address: Address; bytecode: Hex }): Promise<void>;
}

const PERMIT2_DOMAIN_TYPE = keccak256(toHex('EIP712Domain(string name,uint256 chainId,address verifyingContract)'));

/**
 * Permit2's runtime code as its constructor would leave it at the canonical address on this chain: its two
 * immutables, the chain id and the EIP-712 domain separator built from it and that address, written into the places
 * solc reported (scripts/compileContracts.ts). The code is placed rather than deployed, because a deployment cannot
 * choose the canonical address, and a copy of code deployed elsewhere would carry a domain separator naming elsewhere.
 */
export function permit2RuntimeCode(chainId: number): Hex {
  const separator = keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
      [PERMIT2_DOMAIN_TYPE, keccak256(toHex('Permit2')), BigInt(chainId), PERMIT2_ADDRESS],
    ),
  );
  const values: Record<string, Hex> = { _CACHED_CHAIN_ID: numberToHex(chainId, { size: 32 }), _CACHED_DOMAIN_SEPARATOR: separator };
  let code = permit2.deployedBytecode.slice(2);
  for (const [name, places] of Object.entries(permit2.immutables as Record<string, { start: number; length: number }[]>)) {
    const value = values[name];
    if (!value) throw new Error(`Permit2's immutable ${name} has no value here`);
    for (const { start, length } of places) code = code.slice(0, start * 2) + value.slice(2) + code.slice((start + length) * 2);
  }
  return `0x${code}`;
}

/**
 * Puts Permit2 and the x402 upto proxy where `upto` payments expect them (their addresses on every chain), so the
 * official upto client's signatures are spendable on the development chain. Neither needs a constructor: the proxy
 * has no state, and Permit2's only constructor work is filled in above.
 */
export async function placeUptoContracts(chain: CodeSetter, chainId: number): Promise<void> {
  await chain.setCode({ address: PERMIT2_ADDRESS, bytecode: permit2RuntimeCode(chainId) });
  await chain.setCode({ address: UPTO_PROXY_ADDRESS, bytecode: proxy.deployedBytecode as Hex });
}
