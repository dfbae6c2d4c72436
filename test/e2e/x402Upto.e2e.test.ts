import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { UptoEvmScheme } from '@x402/evm/upto/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client, x402HTTPClient } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { createSelfHostedFacilitator } from '../../core/x402';
import { nonceBit, PERMIT2_ADDRESS, permit2Abi, UPTO_PROXY_ADDRESS } from '../../core/x402/permit2';
import { decodeBase64Json } from '../../core/x402/base64Json';
import { walletCallId } from '../support/callIds';
import { json } from '../support/json';
import { type LocalChain, startLocalChain } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';

/**
 * Issue 35, item 1: a call whose cost is its tokens is offered as `upto` beside the flat `exact` price; the official
 * upto client (@x402/evm) signs a Permit2 witness transfer of the maximum, and the self-hosted facilitator settles
 * through the upto proxy on the development chain for what the tokens cost — the chain shows that amount moved.
 */
let local: LocalChain;
let model: ScriptedModelServer;
let service: TestService;
let facilitatorAddress: string;

beforeAll(async () => {
  [local, model] = await Promise.all([startLocalChain(), startScriptedModelServer()]);
  const facilitator = createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 });
  facilitatorAddress = facilitator.address;
  service = await startTestService({
    env: { ...modelEnv(model.baseUrl), FREE_TIER_DAILY: '0' },
    x402: { terms: local.terms, facilitator, rpcUrl: local.chain.rpcUrl, uptoFacilitator: facilitator.address },
  });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await Promise.all([local?.stop(), model?.close()]);
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const spendControls = () => ({ allowedAssets: [{ network: 'eip155:8453' as const, asset: local.chain.asset }] });
const uptoFetch = () => wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new UptoEvmScheme(payer())).setSpendControls(spendControls()));
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const TRANSLATE = { text: 'The invoice is due on Friday.', target: 'German', model: 'gpt-4o-mini' };
const TRANSLATED = { translation: 'Die Rechnung ist am Freitag fällig.', source_language: 'English', target_language: 'German' };
// gpt-4o-mini: 0.15 / 0.60 USD per million tokens; 1,000 in and 200 out cost 270 micro-USD, plus the 20% markup.
const USAGE = { prompt: 1000, completion: 200 };
const COST = Math.ceil((270 * 120) / 100);

interface Accepted {
  scheme: string;
  amount: string;
  extra: Record<string, unknown>;
}

describe('upto beside exact', () => {
  it('offers a generative tool as exact (its flat price, first) and upto (the most its tokens can cost, settled by our facilitator)', async () => {
    const response = await post('/translate', TRANSLATE);
    expect(response.status).toBe(402);
    const v2 = decodeBase64Json(response.headers.get('payment-required')!) as { accepts: Accepted[] };
    expect(v2.accepts.map((a) => a.scheme)).toEqual(['exact', 'upto']);
    const [exact, upto] = v2.accepts;
    expect(exact).toMatchObject({ amount: '10000', extra: { name: 'USD Coin', version: '2' } });
    expect(upto!.extra).toEqual({ name: 'USD Coin', version: '2', assetTransferMethod: 'permit2', facilitatorAddress });
    expect(Number(upto!.amount)).toBeGreaterThan(COST);
    const body = await json(response);
    expect(body.x402.accepts.map((a: Accepted) => a.scheme)).toEqual(['exact', 'upto']);
    // v1 has no upto: its clients are offered the flat price only.
    expect(body.accepts.map((a: Accepted) => a.scheme)).toEqual(['exact']);
  });

  it('offers a tool without a model (flat cost) as exact only', async () => {
    const response = await post('/scrape', { url: 'https://example.com/' });
    expect(response.status).toBe(402);
    const v2 = decodeBase64Json(response.headers.get('payment-required')!) as { accepts: Accepted[] };
    expect(v2.accepts.map((a) => a.scheme)).toEqual(['exact']);
  });
});

describe('paid by the official upto client (@x402/evm/upto/client)', () => {
  it('moves what the tokens cost, not the maximum: the chain, the receipt, _meta and the ledger all say the same amount', async () => {
    const payTo = await local.usdcOf(local.chain.payTo);
    const from = await local.usdcOf(payer().address);
    model.answer({ text: JSON.stringify(TRANSLATED), usage: USAGE });
    const requestId = randomUUID();
    const response = await uptoFetch()(`${service.baseUrl}/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify(TRANSLATE),
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ translation: TRANSLATED.translation, _meta: { payment: 'x402', pricing: 'metered', cost_usd: COST / 1e6 } });
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: payer().address });

    expect(await local.usdcOf(local.chain.payTo)).toBe(payTo + BigInt(COST));
    expect(await local.usdcOf(payer().address)).toBe(from - BigInt(COST));
    const mined = await local.reader.getTransaction({ hash: receipt.transaction as `0x${string}` });
    expect(mined.to?.toLowerCase()).toBe(UPTO_PROXY_ADDRESS.toLowerCase());

    const callId = walletCallId(payer().address, requestId);
    const started = (await readStream(service.database.db, `call-${callId}`))[0]!;
    expect(started.data).toMatchObject({ pricing: 'metered' });
    expect((started.data as { priceMicros: number }).priceMicros).toBeGreaterThan(COST);
    const wallet = payer().address.toLowerCase();
    const money = (await readStream(service.database.db, `account-${wallet}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
    expect(money.map((e) => [e.type, e.data])).toEqual([
      ['PaymentReceived', expect.objectContaining({ amountMicros: COST, transaction: receipt.transaction })],
      ['ChargeSettled', expect.objectContaining({ chargedMicros: COST })],
    ]);
    // The permit's nonce is spent in Permit2: it cannot be settled again.
    const nonce = BigInt((money[0]!.data as { nonce: string }).nonce);
    const { wordPosition, mask } = nonceBit(nonce);
    const bitmap = await local.reader.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'nonceBitmap',
      args: [payer().address, wordPosition],
    });
    expect(bitmap & mask).toBe(mask);
  });

  it('moves nothing when the tool fails: the error instead, and the payer USDC untouched', async () => {
    const from = await local.usdcOf(payer().address);
    // Nothing scripted: the model provider answers 500, so the tool fails.
    const response = await uptoFetch()(`${service.baseUrl}/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID() },
      body: JSON.stringify(TRANSLATE),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).not.toBe(200);
    expect(await local.usdcOf(payer().address)).toBe(from);
  });

  it('is refused with its reason when it names another facilitator, before anything runs', async () => {
    const asked = model.received.length;
    const from = await local.usdcOf(payer().address);
    const client = new x402HTTPClient(new x402Client().register('eip155:*', new UptoEvmScheme(payer())).setSpendControls(spendControls()));
    // The payer names someone else to settle (the official client signs what extra.facilitatorAddress says).
    const first = await post('/translate', TRANSLATE);
    const required = client.getPaymentRequiredResponse((name) => first.headers.get(name), await json(first));
    const upto = required.accepts.find((a) => a.scheme === 'upto')!;
    const other = { ...required, accepts: [{ ...upto, extra: { ...upto.extra, facilitatorAddress: '0x000000000000000000000000000000000000dEaD' } }] };
    const signed = await client.createPaymentPayload(other);
    const response = await post('/translate', TRANSLATE, { ...client.encodePaymentSignatureHeader(signed), 'X-Request-Id': randomUUID() });
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ reason: 'wrong_facilitator', error: expect.stringContaining('0x000000000000000000000000000000000000dEaD') });
    expect(model.received).toHaveLength(asked);
    expect(await local.usdcOf(payer().address)).toBe(from);
  });

  it('is still paid with exact by a client that only knows exact (the flat price, first in accepts)', async () => {
    const payTo = await local.usdcOf(local.chain.payTo);
    model.answer({ text: JSON.stringify(TRANSLATED), usage: USAGE });
    const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(payer())).setSpendControls(spendControls()));
    const response = await pay(`${service.baseUrl}/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TRANSLATE),
    });
    expect(response.status).toBe(200);
    expect((await json(response))._meta).toMatchObject({ pricing: 'flat', cost_usd: 0.01 });
    expect(await local.usdcOf(local.chain.payTo)).toBe(payTo + 10_000n);
  });
});
