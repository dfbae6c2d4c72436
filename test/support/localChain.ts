import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Address, createPublicClient, http, type PublicClient } from 'viem';
import { createSelfHostedFacilitator, type DevChain, eip3009TokenAbi, paymentTerms, type PaymentTerms } from '../../core/x402';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { ensureDevChain } from '../../scripts/services/devChain';

export interface LocalChain {
  readonly chain: DevChain;
  /** The chain's DATA_DIR: dev-chain.json is there, as `npm run pay` reads it. */
  readonly dataDir: string;
  /** The terms a service on this chain would offer: its DevUsdc, its payee. */
  readonly terms: PaymentTerms;
  readonly reader: PublicClient;
  usdcOf(address: Address): Promise<bigint>;
  stop(): Promise<void>;
}

/** What a test service takes x402 with on this chain: its terms, and a self-hosted facilitator that polls every 100 ms. */
export function selfHostedX402(local: LocalChain): X402Runtime {
  return {
    terms: local.terms,
    facilitator: createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 }),
    rpcUrl: local.chain.rpcUrl,
  };
}

/** A fresh ganache of this test file's own, on a free loopback port, with the dev USDC and a funded payer. */
export async function startLocalChain(): Promise<LocalChain> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'x402-chain-'));
  const service = await ensureDevChain({ dataDir, port: await freePort(), say: () => undefined });
  const { chain } = service;
  const reader = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 100 });
  return {
    chain,
    dataDir,
    terms: paymentTerms({
      network: `eip155:${chain.chainId}`,
      asset: chain.asset,
      assetName: 'USD Coin',
      assetVersion: '2',
      payTo: chain.payTo,
      maxTimeoutSeconds: 60,
    }),
    reader,
    usdcOf: (address) => reader.readContract({ address: chain.asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [address] }),
    async stop() {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
