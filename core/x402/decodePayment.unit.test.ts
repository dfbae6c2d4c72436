import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { buildRequirements, decodePaymentHeaders, paymentTerms, signPayment, UndecodablePayment } from '.';
import { encodeBase64Json } from './base64Json';
import { micros } from '../../schema/money';

const payer = privateKeyToAccount(generatePrivateKey());
const terms = paymentTerms({
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  assetName: 'USD Coin',
  assetVersion: '2',
  payTo: '0x1111111111111111111111111111111111111111',
  maxTimeoutSeconds: 60,
});
const requirements = buildRequirements(terms, { price: micros(1000), resource: 'http://api.test/sentiment', description: '' });

describe('decoding x402 payment headers', () => {
  it('reads a v2 PAYMENT-SIGNATURE into a typed payment', async () => {
    const signed = await signPayment(payer, requirements);
    const payment = decodePaymentHeaders({ 'payment-signature': signed.header });
    expect(payment).toMatchObject({ x402Version: 2, scheme: 'exact', network: 'eip155:8453', asset: terms.asset });
    expect(payment).toMatchObject({
      kind: 'eip3009',
      payer: payer.address,
      maxAmount: 1000n,
      authorization: { from: payer.address, to: terms.payTo, value: 1000n },
    });
    expect(typeof payment?.validBefore).toBe('bigint');
  });

  it('reads a v1 X-PAYMENT and translates its network name', async () => {
    const signed = await signPayment(payer, requirements, { x402Version: 1 });
    const payment = decodePaymentHeaders({ 'x-payment': signed.header });
    expect(payment).toMatchObject({ x402Version: 1, network: 'eip155:8453', asset: null });
    expect(payment?.wire).toEqual(signed.payload);
  });

  it('prefers the v2 header when both are sent, and answers null when neither is', async () => {
    const [v1, v2] = await Promise.all([signPayment(payer, requirements, { x402Version: 1 }), signPayment(payer, requirements)]);
    expect(decodePaymentHeaders({ 'x-payment': v1.header, 'payment-signature': v2.header })?.x402Version).toBe(2);
    expect(decodePaymentHeaders({ authorization: 'Bearer x' })).toBeNull();
  });

  it.each([
    ['not base64', '%%%not-base64%%%', /not base64/],
    ['base64 of something else', Buffer.from('hello').toString('base64'), /not of JSON/],
    ['an unknown version', encodeBase64Json({ x402Version: 3 }), /x402Version must be 1 or 2/],
    ['a v2 payment that names no requirements', encodeBase64Json({ x402Version: 2, payload: {} }), /accepted/],
    [
      'a payload without an EIP-3009 authorization',
      encodeBase64Json({ x402Version: 1, scheme: 'exact', network: 'base', payload: { signature: '0x00' } }),
      /authorization is missing/,
    ],
  ])('throws UndecodablePayment for %s', (_, header, message) => {
    expect(() => decodePaymentHeaders({ 'x-payment': header })).toThrow(UndecodablePayment);
    expect(() => decodePaymentHeaders({ 'x-payment': header })).toThrow(message);
  });

  it('throws UndecodablePayment for malformed authorization fields', async () => {
    const signed = await signPayment(payer, requirements, { x402Version: 1 });
    const payload = signed.payload as { payload: { authorization: Record<string, unknown> } };
    for (const [field, value] of [
      ['value', '1.5'],
      ['from', '0x123'],
      ['nonce', '0x01'],
      ['validBefore', -1],
    ] as const) {
      const broken = { ...payload, payload: { ...payload.payload, authorization: { ...payload.payload.authorization, [field]: value } } };
      expect(() => decodePaymentHeaders({ 'x-payment': encodeBase64Json(broken) })).toThrow(new RegExp(`authorization.${field}`));
    }
  });
});
