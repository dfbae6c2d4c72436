import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The official x402 paywall page (`@x402/paywall`), pinned by version and the npm registry's integrity of its tarball.
 * Its published bundles are self-contained (they require nothing at run time), but installed as a dependency it brings
 * its ~500 wallet packages along (node_modules 2.2 → 2.6 GB, npm ci 86 s → …). So it is not a dependency: its tarball
 * alone is installed into .tools/ (scripts/services/x402Paywall.ts, run by npm start, npm test and the Docker build)
 * and its EVM bundle read from there.
 */
export const X402_PAYWALL = {
  name: '@x402/paywall',
  version: '2.12.0',
  integrity: 'sha512-CM+urOudWVKrmOpt0/KQx6ZUKSopMp2pujPSQsjMVNcFbJtlMzs36QQ1Usxj/2Iy61T66LN+YdT/4mJSZdCdqw==',
} as const;

/** The folder holding package.json: the sources are two levels below it, their compiled copy in dist/ three. */
function projectRoot(): string {
  for (let dir = path.resolve(__dirname, '..'); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** Where the tarball is unpacked (npm's tarballs hold one folder, `package/`). */
export function x402PaywallDir(root = projectRoot()): string {
  return path.join(root, '.tools', `x402-paywall-${X402_PAYWALL.version}`);
}

export function x402PaywallEntry(root?: string): string {
  return path.join(x402PaywallDir(root), 'package', 'dist', 'cjs', 'evm', 'index.cjs');
}

/** The part of the paywall's EVM handler we use (its own types live in the package, which we do not install). */
export interface EvmPaywall {
  generateHtml(requirement: unknown, paymentRequired: unknown, options: { appName: string; currentUrl: string; testnet: boolean }): string;
}

/** The EVM paywall from .tools/, or null when it was not installed there. */
export function loadEvmPaywall(root?: string): EvmPaywall | null {
  const entry = x402PaywallEntry(root);
  if (!existsSync(entry)) return null;
  return (createRequire(__filename)(entry) as { evmPaywall: EvmPaywall }).evmPaywall;
}
