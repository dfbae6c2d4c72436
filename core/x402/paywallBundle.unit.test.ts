import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEvmPaywall, X402_PAYWALL, x402PaywallEntry } from './paywallBundle';
import { ensureX402Paywall } from '../../scripts/services/x402Paywall';
import { projectRoot } from '../../scripts/services/paths';

const packageJson = (...parts: string[]) => JSON.parse(readFileSync(path.join(...parts, 'package.json'), 'utf8')) as Record<string, unknown>;

describe('the x402 paywall page, installed apart from node_modules', () => {
  it('is no dependency: the API reads its bundle from .tools/, where the test setup put the pinned version', () => {
    expect(packageJson(projectRoot).dependencies).not.toHaveProperty(X402_PAYWALL.name);
    expect(ensureX402Paywall(() => undefined)).toBe(x402PaywallEntry(projectRoot));
    expect(packageJson(projectRoot, '.tools', `x402-paywall-${X402_PAYWALL.version}`, 'package').version).toBe(X402_PAYWALL.version);
    expect(typeof loadEvmPaywall(projectRoot)?.generateHtml).toBe('function');
  });

  it('is null where it was not installed (the paywall middleware then keeps the JSON 402)', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'no-paywall-'));
    try {
      expect(loadEvmPaywall(empty)).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
