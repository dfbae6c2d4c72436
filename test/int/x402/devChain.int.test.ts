import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devChainPath, eip3009TokenAbi, mintDevUsdc, readDevChain } from '../../../core/x402';
import { ensureDevChain } from '../../../scripts/services/devChain';
import { freePort } from '../../support/localChain';

describe('the development chain', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'x402-devchain-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('describes itself in dev-chain.json and comes back with the same keys, token and balances after a restart', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const first = await ensureDevChain({ dataDir, port, say: (line) => lines.push(line), persist: true });
    try {
      expect(first.file).toBe(devChainPath(dataDir));
      expect(readDevChain(first.file)).toEqual(first.chain);
      expect(first.chain).toMatchObject({ rpcUrl: `http://127.0.0.1:${port}`, chainId: 8453 });
      expect(statSync(first.file).mode & 0o077).toBe(0);
      expect(lines.join('\n')).toMatch(new RegExp(`payer 0x[0-9a-fA-F]{40} holds 1000 USDC[\\s\\S]*${first.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

      const reader = createPublicClient({ transport: http(first.chain.rpcUrl) });
      const payer = privateKeyToAccount(first.chain.payerPrivateKey).address;
      const facilitator = privateKeyToAccount(first.chain.facilitatorPrivateKey).address;
      expect(await reader.readContract({ address: first.chain.asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [payer] })).toBe(1_000_000_000n);
      expect(await reader.getBalance({ address: facilitator })).toBeGreaterThan(0n);
      const chain = defineChain({
        id: 8453,
        name: 'dev',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [first.chain.rpcUrl] } },
      });
      const minter = createWalletClient({ account: privateKeyToAccount(first.chain.deployerPrivateKey), chain, transport: http(first.chain.rpcUrl) });
      await mintDevUsdc(minter, reader, first.chain.asset, first.chain.payTo, 5_000_000n);
    } finally {
      await first.stop();
    }

    const second = await ensureDevChain({ dataDir, port, say: () => undefined, persist: true });
    try {
      expect(second.chain).toEqual(first.chain);
      expect(second.startedHere).toBe(true);
      const reader = createPublicClient({ transport: http(second.chain.rpcUrl) });
      expect(await reader.readContract({ address: second.chain.asset, abi: eip3009TokenAbi, functionName: 'balanceOf', args: [second.chain.payTo] })).toBe(
        5_000_000n,
      );
    } finally {
      await second.stop();
    }
    expect(JSON.parse(readFileSync(devChainPath(dataDir), 'utf8'))).toEqual(first.chain);
  });

  it('uses a chain already listening on its port instead of starting another', async () => {
    const port = await freePort();
    const ownerDir = mkdtempSync(path.join(os.tmpdir(), 'x402-devchain-'));
    const owner = await ensureDevChain({ dataDir: ownerDir, port, say: () => undefined });
    try {
      const lines: string[] = [];
      const guest = await ensureDevChain({ dataDir, port, say: (line) => lines.push(line) });
      expect(guest.startedHere).toBe(false);
      expect(lines[0]).toMatch(/already listens/);
      await guest.stop();
      const reader = createPublicClient({ transport: http(owner.chain.rpcUrl) });
      expect(await reader.getChainId()).toBe(8453);
    } finally {
      await owner.stop();
      rmSync(ownerDir, { recursive: true, force: true });
    }
  });
});
