import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  buildRequirements,
  createSelfHostedFacilitator,
  decodePaymentHeaders,
  FacilitatorUnavailable,
  type Payment,
  paymentTerms,
  type SelfHostedFacilitator,
  signPayment,
  type SignPaymentOptions,
} from '../../../core/x402';
import { micros } from '../../../schema/money';
import { freePort, type LocalChain, startLocalChain } from '../../support/localChain';

let local: LocalChain;
let facilitator: SelfHostedFacilitator;
beforeAll(async () => {
  local = await startLocalChain();
  facilitator = createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 });
});
afterAll(() => local?.stop());

const price = micros(2500);
const requirementsOf = () => buildRequirements(local.terms, { price, resource: 'http://api.test/sentiment', description: 'Sentiment' });
const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);

async function paymentFor(options: SignPaymentOptions & { from?: ReturnType<typeof privateKeyToAccount> } = {}): Promise<Payment> {
  const signed = await signPayment(options.from ?? payer(), requirementsOf(), options);
  return decodePaymentHeaders({ [signed.headerName.toLowerCase()]: signed.header }) as Payment;
}

describe('the self-hosted facilitator on a local chain', () => {
  it.each([2, 1] as const)('verifies and settles a v%i payment, and the USDC moves from payer to payee', async (x402Version) => {
    const requirements = requirementsOf();
    const payment = await paymentFor({ x402Version });
    const before = { payer: await local.usdcOf(payer().address), payee: await local.usdcOf(local.chain.payTo) };

    expect(await facilitator.verify(payment, requirements)).toEqual({ ok: true, payer: payer().address, amount: 2500n });
    const settlement = await facilitator.settle(payment, requirements);

    expect(settlement).toMatchObject({ ok: true, network: 'eip155:8453', payer: payer().address, amount: 2500n });
    if (!settlement.ok) throw new Error(settlement.message);
    const receipt = await local.reader.getTransactionReceipt({ hash: settlement.transaction });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(facilitator.address.toLowerCase());
    expect(await local.usdcOf(payer().address)).toBe(before.payer - 2500n);
    expect(await local.usdcOf(local.chain.payTo)).toBe(before.payee + 2500n);
  });

  it('refuses to settle or verify an authorization the token already used', async () => {
    const requirements = requirementsOf();
    const payment = await paymentFor();
    expect((await facilitator.settle(payment, requirements)).ok).toBe(true);
    const payeeAfterFirst = await local.usdcOf(local.chain.payTo);

    expect(await facilitator.settle(payment, requirements)).toMatchObject({ ok: false, reason: 'nonce_reused', transaction: null });
    expect(await facilitator.verify(payment, requirements)).toMatchObject({ ok: false, reason: 'nonce_reused' });
    expect(await local.usdcOf(local.chain.payTo)).toBe(payeeAfterFirst);
  });

  it('refuses a payer without enough USDC with insufficient_funds, before and at settlement', async () => {
    const pauper = privateKeyToAccount(generatePrivateKey());
    const payment = await paymentFor({ from: pauper });
    expect(await facilitator.verify(payment, requirementsOf())).toMatchObject({ ok: false, reason: 'insufficient_funds', payer: pauper.address });
    expect(await facilitator.settle(payment, requirementsOf())).toMatchObject({ ok: false, reason: 'insufficient_funds', transaction: null });
  });

  it('refuses requirements for another chain than the one it settles on', async () => {
    const sepolia = buildRequirements(paymentTerms({ ...local.terms, network: 'eip155:84532' }), { price, resource: 'http://api.test/x', description: '' });
    const signed = await signPayment(payer(), sepolia);
    const payment = decodePaymentHeaders({ 'payment-signature': signed.header }) as Payment;
    expect(await facilitator.verify(payment, sepolia)).toMatchObject({
      ok: false,
      reason: 'wrong_network',
      message: expect.stringMatching(/settles on eip155:8453/),
    });
  });

  it('re-checks the payment when settling, so an expired authorization never reaches the chain', async () => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    const payment = await paymentFor({ authorization: { validBefore: now + 2n } });
    expect(await facilitator.settle(payment, requirementsOf())).toMatchObject({ ok: false, reason: 'expired', transaction: null });
  });

  it('settles concurrent payments from one gas wallet without nonce clashes', async () => {
    const requirements = requirementsOf();
    const payments = await Promise.all(Array.from({ length: 6 }, () => paymentFor()));
    const before = await local.usdcOf(local.chain.payTo);
    const settlements = await Promise.all(payments.map((payment) => facilitator.settle(payment, requirements)));
    expect(settlements.filter((s) => s.ok)).toHaveLength(6);
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 6n * 2500n);
  });

  it('lists what it settles, and who submits', async () => {
    expect(await facilitator.supported()).toEqual({
      kinds: [
        { x402Version: 1, scheme: 'exact', network: 'base' },
        { x402Version: 2, scheme: 'exact', network: 'eip155:8453' },
        // upto names the facilitator in the payer's witness: this one's gas wallet.
        { x402Version: 2, scheme: 'upto', network: 'eip155:8453', extra: { facilitatorAddress: facilitator.address } },
      ],
      extensions: [],
      signers: { 'eip155:*': [facilitator.address] },
    });
  });

  it('throws FacilitatorUnavailable, not a refusal, when the chain cannot be reached', async () => {
    const offline = createSelfHostedFacilitator({ rpcUrl: `http://127.0.0.1:${await freePort()}`, privateKey: local.chain.facilitatorPrivateKey });
    await expect(offline.verify(await paymentFor(), requirementsOf())).rejects.toBeInstanceOf(FacilitatorUnavailable);
  });
});
