import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { X402_PAYWALL, x402PaywallDir, x402PaywallEntry } from '../../core/x402/paywallBundle';
import { capture, type Say } from './processes';
import { projectRoot } from './paths';

/**
 * The x402 paywall page's package, alone, in .tools/ (core/x402/paywallBundle.ts says why it is no dependency): its
 * tarball fetched with `npm pack` (the registry and npm's own configuration, proxy and cache), checked against the
 * pinned integrity, unpacked. Nothing is done when it is there; returns the bundle's path.
 */
export function ensureX402Paywall(say: Say, root = projectRoot): string {
  const entry = x402PaywallEntry(root);
  if (existsSync(entry)) return entry;
  const spec = `${X402_PAYWALL.name}@${X402_PAYWALL.version}`;
  say(`the x402 paywall page not found: fetching ${spec} alone (no dependencies: its bundles need none) into .tools/`);
  const dir = x402PaywallDir(root);
  mkdirSync(path.dirname(dir), { recursive: true });
  // Beside its final place (one file system, so the last step is a rename).
  const scratch = mkdtempSync(path.join(path.dirname(dir), '.x402-paywall-'));
  try {
    const packed = spawnSync('npm', ['pack', spec, '--pack-destination', scratch, '--json'], { cwd: scratch, encoding: 'utf8' });
    const filename = packed.status === 0 ? (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename : undefined;
    const tarball = path.join(scratch, filename ?? '');
    if (!filename || !existsSync(tarball)) throw new Error(`npm pack ${spec} failed: ${packed.stderr}`);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== X402_PAYWALL.integrity) throw new Error(`${spec}: the tarball's integrity is ${integrity}, not the pinned ${X402_PAYWALL.integrity}`);
    const unpacked = path.join(scratch, 'unpacked');
    mkdirSync(unpacked);
    const untar = capture('tar', ['-xzf', tarball, '-C', unpacked]);
    if (!untar.ok) throw new Error(`unpacking ${tarball} failed: ${untar.out}`);
    // Moved into place whole, so a half-unpacked folder is never taken for an installed one.
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!existsSync(entry)) throw new Error(`${spec} unpacked, but it holds no ${path.relative(root, entry)}`);
  return entry;
}
