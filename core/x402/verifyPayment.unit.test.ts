import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  buildRequirements,
  decodePaymentHeaders,
  type Payment,
  paymentTerms,
  type RefusalReason,
  signPayment,
  type SignPaymentOptions,
  verifyPayment,
} from '.';
import { memoryNonceRegistry } from '../../test/support/memoryNonceRegistry';
import { micros } from '../../schema/money';

const payer = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const terms = paymentTerms({
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  assetName: 'USD Coin',
  assetVersion: '2',
  payTo: '0x1111111111111111111111111111111111111111',
  maxTimeoutSeconds: 60,
});
const requirements = buildRequirements(terms, { price: micros(5000), resource: 'http://api.test/sentiment', description: '' });
const now = new Date('2026-05-01T12:00:00Z');
const seconds = BigInt(now.getTime() / 1000);

async function paymentFor(options: SignPaymentOptions = {}): Promise<Payment> {
  const signed = await signPayment(payer, requirements, { now, ...options });
  return decodePaymentHeaders({ [signed.headerName.toLowerCase()]: signed.header }) as Payment;
}

describe('verifying an x402 payment', () => {
  it.each([1, 2] as const)('accepts an exact v%i payment and reports the payer and amount', async (x402Version) => {
    const verdict = await verifyPayment(await paymentFor({ x402Version }), requirements, { nonces: memoryNonceRegistry(), now });
    expect(verdict).toEqual({ ok: true, payer: payer.address, amount: 5000n });
  });

  it('accepts more than the price (the signed value is what settles)', async () => {
    const verdict = await verifyPayment(await paymentFor({ authorization: { value: 6000n } }), requirements, { nonces: memoryNonceRegistry(), now });
    expect(verdict).toMatchObject({ ok: true, amount: 6000n });
  });

  const refusals: [RefusalReason, string, SignPaymentOptions, RegExp][] = [
    ['unsupported_scheme', 'another scheme', { claims: { scheme: 'upto' } }, /"upto" scheme/],
    ['wrong_network', 'a payment for Base Sepolia', { claims: { network: 'eip155:84532' }, domain: { chainId: 84532 } }, /eip155:84532.*eip155:8453/],
    ['wrong_network', 'a v1 payment for base-sepolia', { x402Version: 1, claims: { network: 'base-sepolia' }, domain: { chainId: 84532 } }, /eip155:84532/],
    ['wrong_asset', 'another token', { claims: { asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' } }, /0x036CbD53842c5426634e7929541eC2318f3dCF7e/],
    ['invalid_signature', 'a signature by someone other than from', { authorization: { from: stranger.address } }, /signature is not/],
    ['invalid_signature', 'a signature for another chain than it claims (v1 names no token)', { x402Version: 1, domain: { chainId: 84532 } }, /chain 8453/],
    ['invalid_signature', 'a signature under another token domain', { domain: { assetName: 'USDC' } }, /"USD Coin"/],
    ['wrong_payee', 'a payment to another wallet', { authorization: { to: stranger.address } }, new RegExp(`goes to ${stranger.address}`)],
    ['insufficient_amount', 'less than the price', { authorization: { value: 4999n } }, /0\.004999 USDC; this call costs 0\.005 USDC/],
    ['not_yet_valid', 'an authorization valid only later', { authorization: { validAfter: seconds + 30n } }, /valid only after 2026-05-01T12:00:30/],
    ['expired', 'an authorization past its validBefore', { authorization: { validBefore: seconds - 1n } }, /expired at 2026-05-01T11:59:59/],
    ['expired', 'an authorization that would expire before the transfer lands', { authorization: { validBefore: seconds + 3n } }, /must stay valid 6 s/],
  ];

  it.each(refusals)('refuses with %s: %s', async (reason, _, options, message) => {
    const nonces = memoryNonceRegistry();
    const verdict = await verifyPayment(await paymentFor(options), requirements, { nonces, now });
    expect(verdict).toMatchObject({ ok: false, reason, message: expect.stringMatching(message) });
    expect(nonces.size).toBe(0);
  });

  it('refuses a v2 payment accepted for another endpoint of the same price (wrong_resource); v1 names none, so it cannot be bound', async () => {
    const keywords = buildRequirements(terms, { price: micros(5000), resource: 'http://api.test/keywords', description: '' });
    const signedFor = async (x402Version: 1 | 2) => {
      const signed = await signPayment(payer, keywords, { now, x402Version });
      return decodePaymentHeaders({ [signed.headerName.toLowerCase()]: signed.header }) as Payment;
    };
    const nonces = memoryNonceRegistry();
    expect(await verifyPayment(await signedFor(2), requirements, { nonces, now })).toMatchObject({
      ok: false,
      reason: 'wrong_resource',
      message: 'the payment is for http://api.test/keywords; this call is http://api.test/sentiment',
    });
    expect(nonces.size).toBe(0);
    expect(await verifyPayment(await signedFor(1), requirements, { nonces, now })).toMatchObject({ ok: true });
  });

  it('names the payer of a refusal once the signature proves who it is', async () => {
    const verdict = await verifyPayment(await paymentFor({ authorization: { value: 1n } }), requirements, { nonces: memoryNonceRegistry(), now });
    expect(verdict).toMatchObject({ ok: false, payer: payer.address });
  });

  it('refuses a reused nonce with nonce_reused, in either version', async () => {
    const nonces = memoryNonceRegistry();
    const payment = await paymentFor();
    expect((await verifyPayment(payment, requirements, { nonces, now })).ok).toBe(true);
    const replay = await verifyPayment(payment, requirements, { nonces, now });
    expect(replay).toMatchObject({ ok: false, reason: 'nonce_reused', payer: payer.address });
    const sameNonceAsV1 = await paymentFor({ x402Version: 1, authorization: { nonce: payment.nonce } });
    expect(await verifyPayment(sameNonceAsV1, requirements, { nonces, now })).toMatchObject({ ok: false, reason: 'nonce_reused' });
  });

  it('lets exactly one of two concurrent verifications of the same payment through', async () => {
    const nonces = memoryNonceRegistry();
    const payment = await paymentFor();
    const verdicts = await Promise.all([verifyPayment(payment, requirements, { nonces, now }), verifyPayment(payment, requirements, { nonces, now })]);
    expect(verdicts.filter((v) => v.ok)).toHaveLength(1);
  });

  it('does not burn the nonce of a refused payment, so its payer can still use it correctly', async () => {
    const nonces = memoryNonceRegistry();
    const short = await paymentFor({ authorization: { value: 1n } });
    await verifyPayment(short, requirements, { nonces, now });
    const fixed = await paymentFor({ authorization: { nonce: short.nonce } });
    expect((await verifyPayment(fixed, requirements, { nonces, now })).ok).toBe(true);
  });
});
