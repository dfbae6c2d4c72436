import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Address, type Hex, isAddress } from 'viem';

/**
 * What the local development chain leaves in `<DATA_DIR>/dev-chain.json`: where it is, the token,
 * who is paid, and the generated keys (a funded demo payer and the facilitator's gas key), reused on restart.
 */
export interface DevChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly asset: Address;
  readonly payTo: Address;
  readonly payerPrivateKey: Hex;
  readonly facilitatorPrivateKey: Hex;
  /** Keys of the token deployer (the only minter) and of the payee, so a developer can mint or spend what was received. */
  readonly deployerPrivateKey: Hex;
  readonly payToPrivateKey: Hex;
}

export const DEV_CHAIN_FILE = 'dev-chain.json';

export function devChainPath(dataDir: string): string {
  return path.join(dataDir, DEV_CHAIN_FILE);
}

const KEY = /^0x[0-9a-fA-F]{64}$/;

/** The file's contents, or null when there is none; a malformed file is an error worth stopping for. */
export function readDevChain(file: string): DevChain | null {
  if (!existsSync(file)) return null;
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isDevChain(data)) throw new Error(`${file} is not a dev chain description: delete it to start a new dev chain`);
  return data;
}

function isDevChain(value: unknown): value is DevChain {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Partial<Record<keyof DevChain, unknown>>;
  const keys = ['payerPrivateKey', 'facilitatorPrivateKey', 'deployerPrivateKey', 'payToPrivateKey'] as const;
  return (
    typeof data.rpcUrl === 'string' &&
    Number.isSafeInteger(data.chainId) &&
    typeof data.asset === 'string' &&
    isAddress(data.asset) &&
    typeof data.payTo === 'string' &&
    isAddress(data.payTo) &&
    keys.every((key) => typeof data[key] === 'string' && KEY.test(data[key]))
  );
}

/** Written atomically and readable by the owner only: it holds private keys (of a throwaway chain, but still). */
export function writeDevChain(file: string, chain: DevChain): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(chain, null, 2) + '\n', { mode: 0o600 });
  renameSync(temporary, file);
}
