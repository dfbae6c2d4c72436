import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type DevChain, facilitatorFromConfig, FacilitatorNotConfigured, paymentTermsFromConfig } from '.';
import { loadConfig } from '../config/loadConfig';

const devChain: DevChain = {
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 8453,
  asset: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  payTo: privateKeyToAccount(generatePrivateKey()).address,
  payerPrivateKey: generatePrivateKey(),
  facilitatorPrivateKey: generatePrivateKey(),
  deployerPrivateKey: generatePrivateKey(),
  payToPrivateKey: generatePrivateKey(),
};
const config = (env: Record<string, string> = {}) => loadConfig({ APP_ENV: 'test', ...env });

describe('x402 configuration', () => {
  it('defaults to USDC on Base mainnet, one minute to settle', () => {
    const terms = paymentTermsFromConfig(config({ X402_PAY_TO: '0x1111111111111111111111111111111111111111' }));
    expect(terms).toMatchObject({
      network: 'eip155:8453',
      chainId: 8453,
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      assetName: 'USD Coin',
      assetVersion: '2',
      maxTimeoutSeconds: 60,
    });
  });

  it("takes the local chain's token and payee in development while X402_PAY_TO is empty", () => {
    expect(paymentTermsFromConfig(config(), devChain)).toMatchObject({ asset: devChain.asset, payTo: devChain.payTo, network: 'eip155:8453' });
    const payTo = '0x2222222222222222222222222222222222222222';
    expect(paymentTermsFromConfig(config({ X402_PAY_TO: payTo }), devChain)).toMatchObject({ payTo, asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' });
  });

  it('refuses to take payments for nobody', () => {
    expect(() => paymentTermsFromConfig(config())).toThrow(/X402_PAY_TO must be set/);
  });

  it('settles through a remote facilitator when X402_FACILITATOR_URL is set, otherwise itself', () => {
    expect('address' in facilitatorFromConfig(config({ X402_FACILITATOR_URL: 'https://facilitator.example' }), devChain)).toBe(false);
    const selfHosted = facilitatorFromConfig(config(), devChain);
    expect((selfHosted as { address?: string }).address).toBe(privateKeyToAccount(devChain.facilitatorPrivateKey).address);
    const key = generatePrivateKey();
    expect((facilitatorFromConfig(config({ X402_RPC_URL: 'http://127.0.0.1:1', X402_FACILITATOR_PRIVATE_KEY: key })) as { address?: string }).address).toBe(
      privateKeyToAccount(key).address,
    );
  });

  it('names what to set when there is no facilitator', () => {
    expect(() => facilitatorFromConfig(config())).toThrow(FacilitatorNotConfigured);
    expect(() => facilitatorFromConfig(config({ X402_RPC_URL: 'http://127.0.0.1:1', X402_FACILITATOR_PRIVATE_KEY: 'secret' }))).toThrow(/32 bytes/);
  });
});
