import { type Abi, type Account, type Address, type Chain, getAddress, type Hex, type PublicClient, type Transport, type WalletClient } from 'viem';
import artifact from './contracts/DevUsdc.json';

/** The development USDC, compiled ahead of time by scripts/compileContracts.ts (nothing compiles at run time). */
export const devUsdcArtifact = { abi: artifact.abi as Abi, bytecode: artifact.bytecode as Hex };

type Wallet = WalletClient<Transport, Chain, Account>;

const mintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

/** Deploys a DevUsdc from `deployer` (its only minter) and waits until it is mined. */
export async function deployDevUsdc(deployer: Wallet, reader: PublicClient): Promise<Address> {
  const hash = await deployer.deployContract({ abi: devUsdcArtifact.abi, bytecode: devUsdcArtifact.bytecode });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying DevUsdc failed (transaction ${hash})`);
  return getAddress(receipt.contractAddress);
}

/** Mints `amount` atomic units to `to`; only the deployer may. */
export async function mintDevUsdc(minter: Wallet, reader: PublicClient, asset: Address, to: Address, amount: bigint): Promise<void> {
  const hash = await minter.writeContract({ address: asset, abi: mintAbi, functionName: 'mint', args: [to, amount] });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`minting DevUsdc failed (transaction ${hash})`);
}
