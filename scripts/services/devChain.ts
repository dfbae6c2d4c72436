import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  formatUnits,
  type Hex,
  http,
  maxUint256,
  parseEther,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type DevChain, devChainPath, readDevChain, writeDevChain } from '../../core/x402/devChainFile';
import { placeUptoContracts } from '../../core/x402/devPermit2';
import { deployDevUsdc, mintDevUsdc } from '../../core/x402/devUsdc';
import { erc20AllowanceAbi, PERMIT2_ADDRESS, UPTO_PROXY_ADDRESS } from '../../core/x402/permit2';
import { eip3009TokenAbi } from '../../core/x402/tokenAbi';
import { portOpen, type Say, stopProcess, waitFor } from './processes';

/** Base mainnet's id, so the x402 network `eip155:8453` (and v1's `base`) names the local chain too. */
export const DEV_CHAIN_ID = 8453;
const USDC = 1_000_000n;
const PAYER_TOP_UP = 1_000n * USDC;
const PAYER_LOW_WATER = 100n * USDC;
const GAS_MONEY = parseEther('1000');

export interface DevChainService {
  readonly chain: DevChain;
  /** Where the description was written. */
  readonly file: string;
  readonly startedHere: boolean;
  stop(): Promise<void>;
}

export interface DevChainOptions {
  /** DATA_DIR: the description goes to dev-chain.json there, the chain's database to dev-chain/. */
  readonly dataDir: string;
  readonly port: number;
  readonly say: Say;
  /** Keep the chain's state across restarts (development); tests start from nothing. */
  readonly persist?: boolean;
}

/**
 * A local EVM for development and tests: ganache (from npm, on loopback, chain id 8453) with the
 * development USDC deployed, Permit2 and the x402 upto proxy at their canonical addresses (for `upto` payments), a
 * demo payer holding USDC and ETH who has approved Permit2 for it (once, as every Permit2 payer does), and a
 * facilitator gas key holding ETH. Keys are generated once and kept in dev-chain.json, so a restart finds the same wallets;
 * no key is built in. A chain already listening on the port is reused.
 */
export async function ensureDevChain(options: DevChainOptions): Promise<DevChainService> {
  const { say, port } = options;
  const file = devChainPath(options.dataDir);
  const previous = readDevChain(file);
  const rpcUrl = `http://127.0.0.1:${port}`;

  let child: ChildProcess | null = null;
  if (await portOpen(port)) {
    say(`dev chain: something already listens on 127.0.0.1:${port}; using it as the chain`);
  } else {
    child = startGanache({ port, dbPath: options.persist ? path.join(options.dataDir, 'dev-chain') : null, say });
  }
  const stop = async () => {
    if (child) await stopProcess(child);
  };

  try {
    const reader = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    await waitFor(
      'the dev chain',
      async () => {
        if (child && child.exitCode !== null) throw new Error(`ganache exited (${child.exitCode}) during start-up: ${lastOutput(child)}`);
        return reader.getChainId().then(
          () => true,
          () => false,
        );
      },
      60_000,
      say,
    );
    const chainId = await reader.getChainId();
    if (chainId !== DEV_CHAIN_ID) throw new Error(`the chain on 127.0.0.1:${port} has chain id ${chainId}, not ${DEV_CHAIN_ID}: stop it or set DEV_CHAIN_PORT`);

    const keys = {
      payerPrivateKey: previous?.payerPrivateKey ?? generatePrivateKey(),
      facilitatorPrivateKey: previous?.facilitatorPrivateKey ?? generatePrivateKey(),
      deployerPrivateKey: previous?.deployerPrivateKey ?? generatePrivateKey(),
      payToPrivateKey: previous?.payToPrivateKey ?? generatePrivateKey(),
    };
    const payer = privateKeyToAccount(keys.payerPrivateKey);
    const facilitator = privateKeyToAccount(keys.facilitatorPrivateKey);
    const deployer = privateKeyToAccount(keys.deployerPrivateKey);
    const payTo = privateKeyToAccount(keys.payToPrivateKey);
    const tester = createTestClient({ mode: 'ganache', transport: http(rpcUrl) });
    for (const { address } of [deployer, payer, facilitator, payTo]) {
      if ((await reader.getBalance({ address })) < GAS_MONEY / 2n) await tester.setBalance({ address, value: GAS_MONEY });
    }

    const chain = defineChain({
      id: chainId,
      name: 'dev chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const minter = createWalletClient({ account: deployer, chain, transport: http(rpcUrl) });
    let asset: Address;
    if (previous && (await hasCode(reader, previous.asset))) {
      asset = previous.asset;
    } else {
      say('dev chain: deploying the development USDC (DevUsdc)');
      asset = await deployDevUsdc(minter, reader);
    }
    if (!(await hasCode(reader, PERMIT2_ADDRESS)) || !(await hasCode(reader, UPTO_PROXY_ADDRESS))) {
      say(`dev chain: placing Permit2 at ${PERMIT2_ADDRESS} and the x402 upto proxy at ${UPTO_PROXY_ADDRESS}`);
      await placeUptoContracts(tester, chainId);
    }
    await approvePermit2(createWalletClient({ account: payer, chain, transport: http(rpcUrl) }), reader, asset);
    const balance = await reader.readContract({ address: asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [payer.address] });
    if (balance < PAYER_LOW_WATER) await mintDevUsdc(minter, reader, asset, payer.address, PAYER_TOP_UP);
    const payerUsdc = balance < PAYER_LOW_WATER ? balance + PAYER_TOP_UP : balance;

    const description: DevChain = { rpcUrl, chainId, asset, payTo: payTo.address, ...keys };
    writeDevChain(file, description);
    say(`dev chain: ${rpcUrl} (chain id ${chainId}), USDC ${asset}, payer ${payer.address} holds ${formatUnits(payerUsdc, 6)} USDC, payee ${payTo.address}`);
    say(`dev chain: keys and addresses in ${file}`);
    return { chain: description, file, startedHere: child !== null, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function startGanache(options: { port: number; dbPath: string | null; say: Say }): ChildProcess {
  const cli = path.join(path.dirname(createRequire(__filename).resolve('ganache/package.json')), 'dist', 'node', 'cli.js');
  const args = [
    cli,
    '--chain.chainId',
    String(DEV_CHAIN_ID),
    '--chain.networkId',
    String(DEV_CHAIN_ID),
    '--server.host',
    '127.0.0.1',
    '--server.port',
    String(options.port),
    // Our own generated keys are funded over RPC; ganache's random accounts would only be noise.
    '--wallet.totalAccounts',
    '0',
    '--miner.instamine',
    'eager',
    '--logging.quiet',
  ];
  if (options.dbPath) {
    mkdirSync(options.dbPath, { recursive: true });
    args.push('--database.dbPath', options.dbPath);
  }
  options.say(`starting the dev chain (ganache, chain id ${DEV_CHAIN_ID}) on 127.0.0.1:${options.port}${options.dbPath ? `, state in ${options.dbPath}` : ''}`);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 20) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  outputs.set(child, output);
  return child;
}

// The banner ganache prints is noise while it works and the only clue when it does not.
const outputs = new WeakMap<ChildProcess, string[]>();

function lastOutput(child: ChildProcess): string {
  return (outputs.get(child) ?? []).join('').trim().split('\n').slice(-5).join(' | ') || 'no output';
}

/** The demo payer lets Permit2 move its dev USDC (an `upto` payment spends through it), once. */
async function approvePermit2(payer: WalletClient<Transport, Chain, Account>, reader: PublicClient, asset: Address): Promise<void> {
  const allowance = await reader.readContract({
    address: asset,
    abi: erc20AllowanceAbi,
    functionName: 'allowance',
    args: [payer.account.address, PERMIT2_ADDRESS],
  });
  if (allowance >= maxUint256 / 2n) return;
  const hash = await payer.writeContract({ address: asset, abi: erc20AllowanceAbi, functionName: 'approve', args: [PERMIT2_ADDRESS, maxUint256] });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`approving Permit2 for the demo payer failed (transaction ${hash})`);
}

async function hasCode(reader: PublicClient, address: Address): Promise<boolean> {
  const code: Hex | undefined = await reader.getCode({ address });
  return code !== undefined && code !== '0x';
}
