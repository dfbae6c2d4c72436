import {
  buildRequirements,
  paymentRequiredHeader,
  paymentTerms,
  requirementsFromWire,
  specX402Block,
  toV1Requirements,
  toV2Requirements,
  v1PaymentRequiredFields,
} from '.';
import { decodeBase64Json } from './base64Json';
import { PAYMENT_IDENTIFIER_DECLARATION } from './paymentRequiredViews';
import { micros } from '../../schema/money';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAY_TO = '0x1111111111111111111111111111111111111111';
const terms = paymentTerms({ network: 'eip155:8453', asset: BASE_USDC, assetName: 'USD Coin', assetVersion: '2', payTo: PAY_TO, maxTimeoutSeconds: 60 });
const requirements = buildRequirements(terms, { price: micros(2500), resource: 'http://api.test/sentiment', description: 'Sentiment of a text' });

describe('x402 payment requirements', () => {
  it('prices in atomic USDC units equal to micro-USD', () => {
    expect(requirements.amount).toBe(2500n);
    expect(requirements.chainId).toBe(8453);
    expect(() => buildRequirements(terms, { price: micros(0), resource: 'http://api.test/x', description: '' })).toThrow(RangeError);
  });

  it('shows the spec body block with the CAIP-2 network and the payee', () => {
    expect(specX402Block(requirements)).toEqual({
      pay_to: PAY_TO,
      network: 'eip155:8453',
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:8453',
          asset: BASE_USDC,
          amount: '2500',
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          extra: { name: 'USD Coin', version: '2' },
          resource: 'http://api.test/sentiment',
          description: 'Sentiment of a text',
          mimeType: 'application/json',
        },
      ],
    });
  });

  it('encodes the v2 PAYMENT-REQUIRED header as base64 JSON with the resource beside the requirements', () => {
    const header = paymentRequiredHeader(requirements, 'payment required');
    expect(decodeBase64Json(header)).toEqual({
      x402Version: 2,
      error: 'payment required',
      resource: { url: 'http://api.test/sentiment', description: 'Sentiment of a text', mimeType: 'application/json' },
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:8453',
          asset: BASE_USDC,
          amount: '2500',
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          extra: { name: 'USD Coin', version: '2' },
        },
      ],
      extensions: { 'payment-identifier': PAYMENT_IDENTIFIER_DECLARATION },
    });
  });

  it('offers upto beside exact: Permit2 and the facilitator that settles in extra, and nothing of it to v1 clients', () => {
    const facilitator = '0x2222222222222222222222222222222222222222';
    const upto = buildRequirements(terms, {
      price: micros(9000),
      resource: 'http://api.test/sentiment',
      description: 'Sentiment of a text',
      upto: { facilitator },
    });
    const v2 = decodeBase64Json(paymentRequiredHeader([requirements, upto], 'payment required')) as { accepts: unknown[] };
    expect(v2.accepts).toEqual([
      expect.objectContaining({ scheme: 'exact', amount: '2500' }),
      expect.objectContaining({
        scheme: 'upto',
        amount: '9000',
        extra: { name: 'USD Coin', version: '2', assetTransferMethod: 'permit2', facilitatorAddress: facilitator },
      }),
    ]);
    expect(specX402Block([requirements, upto]).accepts.map((a) => a.scheme)).toEqual(['exact', 'upto']);
    expect(v1PaymentRequiredFields([requirements, upto]).accepts).toHaveLength(1);
  });

  it('gives v1 clients their network name and maxAmountRequired', () => {
    expect(v1PaymentRequiredFields(requirements)).toEqual({
      x402Version: 1,
      accepts: [
        {
          scheme: 'exact',
          network: 'base',
          maxAmountRequired: '2500',
          resource: 'http://api.test/sentiment',
          description: 'Sentiment of a text',
          mimeType: 'application/json',
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          asset: BASE_USDC,
          extra: { name: 'USD Coin', version: '2' },
        },
      ],
    });
    const sepolia = buildRequirements(paymentTerms({ ...terms, network: 'eip155:84532' }), {
      price: micros(1),
      resource: 'http://api.test/x',
      description: '',
    });
    expect(toV1Requirements(sepolia)?.network).toBe('base-sepolia');
  });

  it('offers v1 clients nothing on a chain v1 has no name for', () => {
    const unnamed = buildRequirements(paymentTerms({ ...terms, network: 'eip155:31337' }), {
      price: micros(1),
      resource: 'http://api.test/x',
      description: '',
    });
    expect(v1PaymentRequiredFields(unnamed).accepts).toEqual([]);
  });

  it('reads requirements back from either wire form', () => {
    expect(requirementsFromWire(toV1Requirements(requirements))).toEqual(requirements);
    expect(
      requirementsFromWire(toV2Requirements(requirements), { url: requirements.resource, description: requirements.description, mimeType: 'application/json' }),
    ).toEqual(requirements);
    expect(() => requirementsFromWire({ ...toV2Requirements(requirements), network: 'solana' })).toThrow(/network/);
  });

  it('refuses terms that could not be paid', () => {
    expect(() => paymentTerms({ ...terms, payTo: '' })).toThrow(/X402_PAY_TO must be set/);
    expect(() => paymentTerms({ ...terms, network: 'base' })).toThrow(/CAIP-2/);
    expect(() => paymentTerms({ ...terms, asset: 'usdc' })).toThrow(/X402_ASSET/);
  });
});
