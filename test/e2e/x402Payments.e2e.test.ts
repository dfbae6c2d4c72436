import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { balanceRow, generateKey } from '../support/accounts';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment as wrapFetchV2, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { createSigner, decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchV1 } from 'x402-fetch';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { buildRequirements, signPayment, type SignPaymentOptions } from '../../core/x402';
import { projectRoot } from '../../scripts/services/paths';
import { micros } from '../../schema/money';
import { keyCallId, walletCallId } from '../support/callIds';
import { json } from '../support/json';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';

let local: LocalChain;
let runtime: X402Runtime;
let service: TestService;
let replica: TestService;
const SENTIMENT_PRICE = micros(5000);
// Workflow ids outlive a test run in Temporal: request ids must be new each run.
const run = Date.now().toString(36);
const id = (name: string) => `${name}-${run}`;
/** The call a request with this id makes when it carries the payer's payment and no key: the id in the wallet's namespace. */
const paidCallId = (requestId: string) => walletCallId(payer().address, requestId);

beforeAll(async () => {
  local = await startLocalChain();
  runtime = selfHostedX402(local);
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
    const callId = paidCallId(id('paid-v2'));
    expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
    const money = (await readStream(service.database.db, `account-${wallet}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
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
    expect(await readStream(service.database.db, `call-${paidCallId(requestId)}`)).toEqual([]);
    await expect(service.client.workflow.getHandle(`call-${paidCallId(requestId)}`).describe()).rejects.toThrow();
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
    expect(await readStream(service.database.db, `call-${paidCallId(requestId)}`)).toEqual([]);
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
      expect(await readStream(service.database.db, `call-${paidCallId(requestId)}`)).toEqual([]);
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
    expect((await readStream(service.database.db, `call-${paidCallId(id('tool-fails'))}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
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

describe('topping up your own key with x402 (POST /auth/topup)', () => {
  const topUp = (auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) =>
    wrapFetchV2(fetch, v2Client())(`${service.baseUrl}/auth/topup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth, ...headers },
      body: JSON.stringify(body),
    });
  const available = async (keyId: string) => Number((await balanceRow(service.database.db, keyId)).available_micros);
  const credits = async (keyId: string) =>
    (await readStream(service.database.db, `account-${keyId}`)).filter((e) => e.type === 'CreditGranted').map((e) => e.data);

  it('answers the key 402 for the amount, and the official client pays it: exactly that is credited to the key, as events replay finds again', async () => {
    const key = await generateKey(service.baseUrl);
    const asked = await postTo(service.baseUrl, '/auth/topup', { amount_usd: 1.25 }, key.auth);
    expect(asked.status).toBe(402);
    expect(await json(asked)).toMatchObject({
      balance_usd: 0.25,
      cost_usd: 1.25,
      x402: { accepts: [{ amount: '1250000', payTo: local.chain.payTo }] },
      accepts: [{ maxAmountRequired: '1250000', resource: 'http://api.test/auth/topup' }],
    });
    expect(asked.headers.get('payment-required')).toBeTruthy();

    const before = await local.usdcOf(local.chain.payTo);
    const requestId = id('own-topup');
    const response = await topUp(key.auth, { amount_usd: 1.25 }, { 'X-Request-Id': requestId });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      key: expect.stringMatching(/^apk_/),
      key_id: key.keyId,
      added_usd: 1.25,
      balance_usd: 1.5,
      discount: { active: false, percent: 20, from_balance_usd: 2 },
      paid_with: 'x402',
    });
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 1_250_000n);
    expect(await available(key.keyId)).toBe(1_500_000);

    // Every cent an event: the wallet's payment, and the credit on the key naming the transfer.
    expect(await credits(key.keyId)).toEqual([
      expect.objectContaining({ reason: 'trial' }),
      { accountId: key.keyId, amountMicros: 1_250_000, reason: 'purchase', reference: receipt.transaction },
    ]);
    const payment = (await readStream(service.database.db, `account-${payer().address.toLowerCase()}`)).find(
      (e) => e.type === 'PaymentReceived' && e.data.callId === keyCallId(key.keyId, requestId),
    );
    expect(payment?.data).toMatchObject({ amountMicros: 1_250_000, purpose: 'credit', transaction: receipt.transaction });
    const balances = allProjections.filter((p) => p.name === 'balances');
    expect(balances).toHaveLength(1);
    const replayed = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: balances });
    expect(replayed.drift).toEqual([]);
  });

  it('gives a repeat with the same request id the first answer, and credits and charges once', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await local.usdcOf(local.chain.payTo);
    const requestId = id('own-topup-repeat');
    const first = await topUp(key.auth, { amount_usd: 0.5 }, { 'X-Request-Id': requestId });
    const again = await topUp(key.auth, { amount_usd: 0.5 }, { 'X-Request-Id': requestId });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await json(again)).toEqual(await json(first));
    expect(await available(key.keyId)).toBe(750_000);
    expect(await credits(key.keyId)).toHaveLength(2);
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 500_000n);
  });

  it("is what the dashboard's command does: `npm run pay -- --key apk_… POST /auth/topup '{…}'`", async () => {
    const key = await generateKey(service.baseUrl);
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', 'pay', '--', '--key', key.key, 'POST', '/auth/topup', '{"amount_usd":2.5}'], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: local.dataDir, BASE_URL: service.baseUrl },
    });
    expect(stderr).toContain('HTTP 200');
    expect(JSON.parse(stdout)).toMatchObject({ key_id: key.keyId, added_usd: 2.5, balance_usd: 2.75, discount: { active: true } });
    expect(await available(key.keyId)).toBe(2_750_000);
  });

  it('takes the key over the bulk discount threshold: the next call costs 20% less', async () => {
    const key = await generateKey(service.baseUrl);
    const full = await json(postTo(service.baseUrl, '/sentiment', { text: 'Before the top-up.' }, key.auth));
    expect(full._meta).toMatchObject({ cost_usd: 0.005, balance_usd: 0.245 });
    const response = await topUp(key.auth, { amount_usd: 1.755 });
    expect(await json(response)).toMatchObject({ added_usd: 1.755, balance_usd: 2, discount: { active: true } });
    const discounted = await json(postTo(service.baseUrl, '/sentiment', { text: 'After the top-up.' }, key.auth));
    expect(discounted._meta).toMatchObject({ cost_usd: 0.004, balance_usd: 1.996 });
  });

  it('cannot top up another key by naming it: the key sent is the credential, and a caller without one is asked for it, paying nothing', async () => {
    const [mine, theirs] = [await generateKey(service.baseUrl), await generateKey(service.baseUrl)];
    const before = await local.usdcOf(payer().address);
    const named = await topUp(mine.auth, { key: theirs.key, amount_usd: 1 });
    expect(named.status).toBe(400);
    expect((await json(named)).error).toBe('`key` names another key than the one this request is sent with');
    const byId = await topUp(mine.auth, { key_id: theirs.keyId, amount_usd: 1 });
    expect(byId.status).toBe(400);
    const anonymous = await topUp({}, { key: theirs.key, amount_usd: 1 });
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toMatchObject({ error: 'missing API key: a top-up credits the key the request is sent with' });
    // None of them was asked to pay, so the official client paid nothing and neither key changed.
    expect(await local.usdcOf(payer().address)).toBe(before);
    expect([await available(mine.keyId), await available(theirs.keyId)]).toEqual([250_000, 250_000]);
  });

  it('keeps the amounts /credits/buy takes', async () => {
    const key = await generateKey(service.baseUrl);
    for (const amount_usd of [0, -1, 10_000.01, 0.0000001]) {
      const response = await postTo(service.baseUrl, '/auth/topup', { amount_usd }, key.auth);
      expect([amount_usd, response.status]).toEqual([amount_usd, 400]);
    }
  });

  it('credits nothing when the settlement fails, and says why', async () => {
    const key = await generateKey(service.baseUrl);
    const before = await local.usdcOf(payer().address);
    // The chain's clock an hour ahead: the authorization the client signs (valid for a minute) expires on chain
    // after the service has checked it, so the transfer is refused at settlement.
    const snapshot = await chainRpc('evm_snapshot');
    try {
      await chainRpc('evm_increaseTime', [3600]);
      await chainRpc('evm_mine');
      const requestId = id('own-topup-fails');
      const response = await topUp(key.auth, { amount_usd: 1 }, { 'X-Request-Id': requestId });
      expect(response.status).toBe(402);
      expect(await json(response)).toMatchObject({ reason: 'expired', error: expect.stringContaining('payment refused at settlement') });
      const callId = keyCallId(key.keyId, requestId);
      expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
    } finally {
      await chainRpc('evm_revert', [snapshot]);
    }
    // The chain's clock is back: later payments on it settle.
    await chainRpc('evm_mine');
    expect(Number((await local.reader.getBlock()).timestamp)).toBeLessThan(Date.now() / 1000 + 600);
    expect(await available(key.keyId)).toBe(250_000);
    expect(await credits(key.keyId)).toHaveLength(1);
    expect(await local.usdcOf(payer().address)).toBe(before);
  });
});

/** A JSON-RPC call to the local chain (ganache's evm_* methods). */
async function chainRpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await json(
    fetch(local.chain.rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }),
  );
  if (response.error) throw new Error(`${method}: ${JSON.stringify(response.error)}`);
  return response.result;
}
