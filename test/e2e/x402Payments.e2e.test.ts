import { balanceRow } from '../support/accounts';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment as wrapFetchV2, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { createSigner, decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchV1 } from 'x402-fetch';
import { readStream } from '../../core/eventStore';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { buildRequirements, createSelfHostedFacilitator, signPayment, type SignPaymentOptions } from '../../core/x402';
import { micros } from '../../schema/money';
import { json } from '../support/json';
import { type LocalChain, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';

let local: LocalChain;
let runtime: X402Runtime;
let service: TestService;
let replica: TestService;
const SENTIMENT_PRICE = micros(5000);
// Workflow ids outlive a test run in Temporal: request ids must be new each run.
const run = Date.now().toString(36);
const id = (name: string) => `${name}-${run}`;

beforeAll(async () => {
  local = await startLocalChain();
  runtime = {
    terms: local.terms,
    facilitator: createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 }),
    rpcUrl: local.chain.rpcUrl,
  };
  // No free tier: an anonymous call must pay.
  service = await startTestService({ env: { FREE_TIER_DAILY: '0' }, x402: runtime, keepDatabase: true });
  // A second API process on the same database, as a replica behind a load balancer would be.
  replica = await startTestService({ env: { FREE_TIER_DAILY: '0', TEMPORAL_TASK_QUEUE: service.config.taskQueue }, x402: runtime, database: service.database });
}, 120_000);
afterAll(async () => {
  await replica?.stop();
  await service?.stop();
  await service?.database.drop();
  await local?.stop();
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const v2Client = () =>
  new x402Client()
    .register('eip155:*', new ExactEvmScheme(payer()))
    .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] });
const postTo = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const sentimentRequirements = () => buildRequirements(local.terms, { price: SENTIMENT_PRICE, resource: 'http://api.test/sentiment', description: 'sentiment' });
async function signedHeaders(options: SignPaymentOptions = {}): Promise<Record<string, string>> {
  const signed = await signPayment(payer(), sentimentRequirements(), options);
  return { [signed.headerName]: signed.header };
}

describe('402 with the requirements', () => {
  it("carries the spec's x402 block, the v1 body fields and the v2 PAYMENT-REQUIRED header, all for the same payment", async () => {
    const response = await postTo(service.baseUrl, '/sentiment', { text: 'pay me' });
    expect(response.status).toBe(402);
    const body = await json(response);
    expect(body).toMatchObject({ error: expect.any(String), balance_usd: null, cost_usd: 0.005, top_up_url: expect.any(String) });
    expect(body.x402).toMatchObject({
      pay_to: local.chain.payTo,
      network: 'eip155:8453',
      accepts: [{ scheme: 'exact', amount: '5000', asset: local.chain.asset }],
    });
    expect(body).toMatchObject({
      x402Version: 1,
      accepts: [{ network: 'base', maxAmountRequired: '5000', payTo: local.chain.payTo, resource: 'http://api.test/sentiment' }],
    });
    const v2 = JSON.parse(Buffer.from(response.headers.get('payment-required')!, 'base64').toString('utf8'));
    expect(v2).toMatchObject({
      x402Version: 2,
      accepts: [{ network: 'eip155:8453', amount: '5000', payTo: local.chain.payTo, extra: { name: 'USD Coin', version: '2' } }],
    });
  });
});

describe('paying with the official clients', () => {
  it('is paid by @x402/fetch (v2): the result comes with PAYMENT-RESPONSE, USDC moved, and the ledger records it', async () => {
    const before = await local.usdcOf(local.chain.payTo);
    const response = await postTo.call(null, service.baseUrl, '/sentiment', { text: 'I love paying per call.' }, {});
    expect(response.status).toBe(402);
    const paid = await wrapFetchV2(fetch, v2Client())(`${service.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': id('paid-v2') },
      body: JSON.stringify({ text: 'I love paying per call.' }),
    });
    expect(paid.status).toBe(200);
    const body = await json(paid);
    expect(body.polarity).toBe('positive');
    expect(body._meta).toMatchObject({ network: 'eip155:8453', payment: 'x402', cost_usd: 0.005 });
    const receipt = decodePaymentResponseHeader(paid.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 5000n);

    const wallet = payer().address.toLowerCase();
    expect((await readStream(service.database.db, `call-${id('paid-v2')}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
    const money = (await readStream(service.database.db, `account-${wallet}`)).filter((e) => 'callId' in e.data && e.data.callId === id('paid-v2'));
    expect(money.map((e) => e.type)).toEqual(['PaymentReceived', 'ChargeSettled']);
    expect(money[0]!.data).toMatchObject({ amountMicros: 5000, transaction: receipt.transaction });
  });

  it('is paid by x402-fetch (v1, X-PAYMENT) with X-PAYMENT-RESPONSE back', async () => {
    const signer = await createSigner('base', local.chain.payerPrivateKey);
    const pay = wrapFetchV1(fetch, signer) as (input: string, init?: RequestInit) => Promise<Response>;
    const response = await pay(`${service.baseUrl}/keywords`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"text":"Durable payments for durable workflows."}',
    });
    expect(response.status).toBe(200);
    expect((await json(response)).keywords.length).toBeGreaterThan(0);
    expect(decodeXPaymentResponse(response.headers.get('x-payment-response') ?? '')).toMatchObject({ success: true, network: 'base', payer: payer().address });
  });

  it("shows a wallet's x402 spend on /api/usage?wallet=", async () => {
    await service.subscriber.catchUp();
    const usage = await json(fetch(`${service.baseUrl}/api/usage?wallet=${payer().address}`));
    expect(usage).toMatchObject({ wallet: payer().address.toLowerCase(), total_calls: expect.any(Number), payments: expect.any(Number) });
    expect(usage.total_paid_usd).toBeGreaterThanOrEqual(0.01);
  });
});

describe('refused payments: nothing runs, nothing is charged', () => {
  const cases: [string, SignPaymentOptions, string][] = [
    ['a wrong payee', { authorization: { to: '0x000000000000000000000000000000000000dEaD' } }, 'wrong_payee'],
    ['a short amount', { authorization: { value: 4999n } }, 'insufficient_amount'],
    ['an expired authorization', { authorization: { validAfter: 0n, validBefore: BigInt(Math.floor(Date.now() / 1000) - 60) } }, 'expired'],
    [
      'one not yet valid',
      { authorization: { validAfter: BigInt(Math.floor(Date.now() / 1000) + 3600), validBefore: BigInt(Math.floor(Date.now() / 1000) + 7200) } },
      'not_yet_valid',
    ],
    ['the wrong chain', { claims: { network: 'eip155:1' } }, 'wrong_network'],
    ["a signature from another chain's domain", { domain: { chainId: 1 } }, 'invalid_signature'],
  ];
  it.each(cases)('refuses %s with its reason', async (_name, options, reason) => {
    const before = await local.usdcOf(payer().address);
    const requestId = id(`refused-${reason}`);
    const response = await postTo(service.baseUrl, '/sentiment', { text: 'should not run' }, { ...(await signedHeaders(options)), 'X-Request-Id': requestId });
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ reason, error: expect.stringContaining('payment refused') });
    expect(await readStream(service.database.db, `call-${requestId}`)).toEqual([]);
    await expect(service.client.workflow.getHandle(`call-${requestId}`).describe()).rejects.toThrow();
    expect(await local.usdcOf(payer().address)).toBe(before);
  });

  it('refuses a v2 payment signed for another endpoint of the same price (wrong_resource)', async () => {
    const before = await local.usdcOf(payer().address);
    const keywords = buildRequirements(local.terms, { price: SENTIMENT_PRICE, resource: 'http://api.test/keywords', description: 'keywords' });
    const signed = await signPayment(payer(), keywords);
    const requestId = id('refused-wrong-resource');
    const response = await postTo(
      service.baseUrl,
      '/sentiment',
      { text: 'paid for keywords' },
      { [signed.headerName]: signed.header, 'X-Request-Id': requestId },
    );
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ reason: 'wrong_resource', error: expect.stringContaining('http://api.test/keywords') });
    expect(await readStream(service.database.db, `call-${requestId}`)).toEqual([]);
    expect(await local.usdcOf(payer().address)).toBe(before);
  });

  it('answers 400 for a payment header that cannot be decoded', async () => {
    const response = await postTo(service.baseUrl, '/sentiment', { text: 'x' }, { 'PAYMENT-SIGNATURE': 'not base64 json' });
    expect(response.status).toBe(400);
  });

  it('refuses a payment used once already, also when it is replayed to a second API process', async () => {
    const headers = await signedHeaders();
    expect((await postTo(service.baseUrl, '/sentiment', { text: 'first use' }, { ...headers, 'X-Request-Id': id('nonce-first') })).status).toBe(200);
    for (const [base, requestId] of [
      [service.baseUrl, id('nonce-again')],
      [replica.baseUrl, id('nonce-replica')],
    ] as const) {
      const replay = await postTo(base, '/sentiment', { text: 'second use' }, { ...headers, 'X-Request-Id': requestId });
      expect(replay.status).toBe(402);
      expect((await json(replay)).reason).toBe('nonce_reused');
      expect(await readStream(service.database.db, `call-${requestId}`)).toEqual([]);
    }
  });

  it("does not settle when the tool fails: the answer is the tool's error and no USDC moves", async () => {
    const before = await local.usdcOf(payer().address);
    // The offline regex tool fails in its activity without examples (an unknown model is refused before the payment is even verified).
    const regex = buildRequirements(local.terms, { price: SENTIMENT_PRICE, resource: 'http://api.test/regex', description: 'regex' });
    const signed = await signPayment(payer(), regex);
    const response = await postTo(
      service.baseUrl,
      '/regex',
      { text: 'invoice numbers', model: 'local' },
      { [signed.headerName]: signed.header, 'X-Request-Id': id('tool-fails') },
    );
    expect(response.status).toBe(400);
    expect(await local.usdcOf(payer().address)).toBe(before);
    expect((await readStream(service.database.db, `call-${id('tool-fails')}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
  });
});

describe('buying credit with x402', () => {
  it('POST /credits/buy returns a new key holding exactly what was paid, which then works', async () => {
    const response = await wrapFetchV2(fetch, v2Client())(`${service.baseUrl}/credits/buy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount_usd: 0.5, label: 'bought' }),
    });
    expect(response.status).toBe(200);
    const bought = await json(response);
    expect(bought).toMatchObject({ key: expect.stringMatching(/^apk_/), credited_usd: 0.5, balance_usd: 0.5 });
    expect(response.headers.get('payment-response')).toBeTruthy();
    const call = await json(postTo(service.baseUrl, '/sentiment', { text: 'Bought credit works.' }, { Authorization: `Bearer ${bought.key}` }));
    expect(call._meta).toMatchObject({ cost_usd: 0.005, balance_usd: 0.495 });
  });

  it('POST /auth/topup adds a paid amount to an existing key', async () => {
    const { key, key_id: keyId } = await json(fetch(`${service.baseUrl}/auth/generate-key`, { method: 'POST' }));
    const response = await wrapFetchV2(fetch, v2Client())(`${service.baseUrl}/auth/topup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key, amount_usd: 1.25 }),
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ added_usd: 1.25, balance_usd: 1.5, paid_with: 'x402' });
    const balance = await balanceRow(service.database.db, keyId);
    expect(balance.available_micros).toBe(1_500_000);
  });

  it('POST /buy-credits with payment_method x402 behaves as /credits/buy: 402, then the paid retry returns the new key', async () => {
    const response = await wrapFetchV2(fetch, v2Client())(`${service.baseUrl}/buy-credits`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount_usd: 0.3, payment_method: 'x402' }),
    });
    expect(response.status).toBe(200);
    const bought = await json(response);
    expect(bought).toMatchObject({ key: expect.stringMatching(/^apk_/), credited_usd: 0.3, balance_usd: 0.3 });
    const status = await json(fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${bought.key}` } }));
    expect(status.balance_usd).toBe(0.3);
  });

  it('without a payment, /credits/buy answers 402 for the amount asked and mints nothing', async () => {
    const response = await postTo(service.baseUrl, '/credits/buy', { amount_usd: 25 });
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ cost_usd: 25, accepts: [{ maxAmountRequired: '25000000' }] });
  });
});
