import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildRequirements, checkAuthorization, decodePaymentPayload, paymentTerms } from '.';
import { type Permit2Authorization, UPTO_PROXY_ADDRESS, uptoTypedData } from './permit2';
import { micros } from '../../schema/money';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAY_TO = '0x1111111111111111111111111111111111111111';
const FACILITATOR = '0x2222222222222222222222222222222222222222';
const terms = paymentTerms({ network: 'eip155:8453', asset: USDC, assetName: 'USD Coin', assetVersion: '2', payTo: PAY_TO, maxTimeoutSeconds: 60 });
const requirements = buildRequirements(terms, {
  price: micros(3000),
  resource: 'http://api.test/translate',
  description: 'translate',
  upto: { facilitator: FACILITATOR },
});
const payer = privateKeyToAccount(generatePrivateKey());
const now = new Date('2026-01-01T00:00:00Z');
const seconds = BigInt(now.getTime() / 1000);

/** An upto payload as the official client shapes it (`permit2Authorization`, decimal strings), signed by `signer`. */
async function uptoPayload(change: Partial<Permit2Authorization> = {}, signer = payer) {
  const permit: Permit2Authorization = {
    from: payer.address,
    permitted: { token: getAddress(USDC), amount: 3000n },
    spender: UPTO_PROXY_ADDRESS,
    nonce: 12345678901234567890n,
    deadline: seconds + 60n,
    witness: { to: getAddress(PAY_TO), facilitator: getAddress(FACILITATOR), validAfter: 0n },
    ...change,
  };
  const signature = await signer.signTypedData(uptoTypedData(8453, permit));
  const wire = {
    x402Version: 2,
    resource: { url: 'http://api.test/translate' },
    accepted: { scheme: 'upto', network: 'eip155:8453', asset: USDC },
    payload: {
      signature,
      permit2Authorization: {
        from: permit.from,
        permitted: { token: permit.permitted.token, amount: String(permit.permitted.amount) },
        spender: permit.spender,
        nonce: String(permit.nonce),
        deadline: String(permit.deadline),
        witness: { ...permit.witness, validAfter: String(permit.witness.validAfter) },
      },
    },
  };
  return decodePaymentPayload(wire);
}

describe('an upto (Permit2) payment', () => {
  it('decodes into the maximum it authorises, its payer and its nonce, and passes the checks', async () => {
    const payment = await uptoPayload();
    expect(payment).toMatchObject({ kind: 'permit2', scheme: 'upto', payer: payer.address, maxAmount: 3000n, validBefore: seconds + 61n });
    expect(payment.nonce).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await checkAuthorization(payment, requirements, { now })).toEqual({ ok: true, payer: payer.address, amount: 3000n });
  });

  it('is settled for less than its maximum: requirements asking the actual cost still pass', async () => {
    const settling = { ...requirements, amount: 324n };
    expect(await checkAuthorization(await uptoPayload(), settling, { now })).toMatchObject({ ok: true });
  });

  const refusals: [string, Partial<Permit2Authorization>, string][] = [
    ['another spender than the upto proxy', { spender: '0x3333333333333333333333333333333333333333' as Address }, 'wrong_spender'],
    ['a maximum below what the call may cost', { permitted: { token: getAddress(USDC), amount: 2999n } }, 'insufficient_amount'],
    ['another payee', { witness: { to: '0x000000000000000000000000000000000000dEaD', facilitator: getAddress(FACILITATOR), validAfter: 0n } }, 'wrong_payee'],
    [
      'another facilitator',
      { witness: { to: getAddress(PAY_TO), facilitator: '0x000000000000000000000000000000000000dEaD', validAfter: 0n } },
      'wrong_facilitator',
    ],
    ['a deadline already past', { deadline: seconds - 1n }, 'expired'],
    ['another token', { permitted: { token: '0x4444444444444444444444444444444444444444', amount: 3000n } }, 'wrong_asset'],
  ];
  it.each(refusals)('refuses %s', async (_name, change, reason) => {
    expect(await checkAuthorization(await uptoPayload(change), requirements, { now })).toMatchObject({ ok: false, reason });
  });

  it("refuses a signature that is not the payer's", async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    expect(await checkAuthorization(await uptoPayload({}, other), requirements, { now })).toMatchObject({ ok: false, reason: 'invalid_signature' });
  });

  it('is not taken where only exact is offered', async () => {
    const exact = buildRequirements(terms, { price: micros(3000), resource: 'http://api.test/translate', description: 'translate' });
    expect(await checkAuthorization(await uptoPayload(), exact, { now })).toMatchObject({ ok: false, reason: 'unsupported_scheme' });
  });
});
