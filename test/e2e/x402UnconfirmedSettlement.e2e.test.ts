import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, x402Client, x402HTTPClient } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { createSelfHostedFacilitator } from '../../core/x402';
import { decodeBase64Json } from '../../core/x402/base64Json';
import { walletCallId } from '../support/callIds';
import { json } from '../support/json';
import { type LocalChain, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Issue 35, item 4: never charge without delivering. A transfer submitted whose receipt does not come in time (the
 * local chain stops mining) leaves the call's result kept: the answer says it is not confirmed yet, and the same
 * request collects the result once the transfer is mined — or a 402 naming `settlement_timeout`, nothing charged, when
 * the authorization expired on chain before any transfer of it was mined.
 */
let local: LocalChain;
let service: TestService;

beforeAll(async () => {
  local = await startLocalChain();
  // The facilitator waits 1.5 s for a receipt; a request waits 3 s for its call.
  const facilitator = createSelfHostedFacilitator({
    rpcUrl: local.chain.rpcUrl,
    privateKey: local.chain.facilitatorPrivateKey,
    pollingIntervalMs: 100,
    receiptTimeoutMs: 1500,
  });
  service = await startTestService({
    env: { FREE_TIER_DAILY: '0', CALL_TIMEOUT_SECONDS: '3', X402_MAX_TIMEOUT_SECONDS: '120' },
    x402: { terms: { ...local.terms, maxTimeoutSeconds: 120 }, facilitator, rpcUrl: local.chain.rpcUrl },
  });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await local?.stop();
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const BODY = { text: 'Paid for, and delivered exactly once.' };
const post = (headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}/sentiment`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(BODY) });

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(local.chain.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}

/** A payment for /sentiment signed by the official client, as its header. */
async function signedPayment(): Promise<Record<string, string>> {
  const http = new x402HTTPClient(
    new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] }),
  );
  const first = await post();
  expect(first.status).toBe(402);
  return http.encodePaymentSignatureHeader(
    await http.createPaymentPayload(http.getPaymentRequiredResponse((name) => first.headers.get(name), await json(first))),
  );
}

/** The answer the same request gets once its call has ended (a 503 means not yet). */
const collect = (headers: Record<string, string>) =>
  waitFor(
    async () => {
      const response = await post(headers);
      return response.status === 503 ? null : response;
    },
    'the call to end',
    90_000,
  );

describe('a transfer not confirmed in time', () => {
  it('keeps the result: 503 saying so while unconfirmed, then the same request gets it once mined, charged once', async () => {
    const before = await local.usdcOf(local.chain.payTo);
    const headers = { ...(await signedPayment()), 'X-Request-Id': randomUUID() };
    await rpc('miner_stop');
    let first: Response;
    try {
      first = await post(headers);
      expect(first.status).toBe(503);
      expect(await json(first)).toMatchObject({ code: 'still_running', error: expect.stringContaining('not yet confirmed on chain') });
      expect(await local.usdcOf(local.chain.payTo)).toBe(before);
    } finally {
      await rpc('miner_start');
    }
    const answer = await collect(headers);
    expect(answer.status).toBe(200);
    expect((await json(answer)).polarity).toEqual(expect.any(String));
    const receipt = decodePaymentResponseHeader(answer.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 5000n);
    const callId = walletCallId(payer().address, headers['X-Request-Id']);
    const money = (await readStream(service.database.db, `account-${payer().address.toLowerCase()}`)).filter(
      (e) => 'callId' in e.data && e.data.callId === callId,
    );
    expect(money.map((e) => e.type)).toEqual(['PaymentReceived', 'ChargeSettled']);
    expect(money[0]!.data).toMatchObject({ amountMicros: 5000, transaction: receipt.transaction });
  });

  it('fails the call uncharged when no transfer of it can be mined any more: 402 settlement_timeout, in the body and the v2 header', async () => {
    const from = await local.usdcOf(payer().address);
    const headers = { ...(await signedPayment()), 'X-Request-Id': randomUUID() };
    await rpc('miner_stop');
    try {
      expect((await post(headers)).status).toBe(503);
      // The chain's clock passes the authorization's validity, and the pending transfer is mined after it: it reverts.
      await rpc('evm_increaseTime', [3600]);
      await rpc('evm_mine');
    } finally {
      await rpc('miner_start');
    }
    const answer = await collect(headers);
    expect(answer.status).toBe(402);
    expect(await json(answer)).toMatchObject({ code: 'payment_refused', reason: 'settlement_timeout', error: expect.stringContaining('nothing was charged') });
    expect(decodeBase64Json(answer.headers.get('payment-required')!)).toMatchObject({ error: 'settlement_timeout' });
    expect(await local.usdcOf(payer().address)).toBe(from);
    const events = await readStream(service.database.db, `call-${walletCallId(payer().address, headers['X-Request-Id'])}`);
    expect(events.map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
  });
});
