import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, x402Client, x402HTTPClient } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { createSelfHostedFacilitator } from '../../core/x402';
import { walletCallId } from '../support/callIds';
import { json } from '../support/json';
import { type LocalChain, startLocalChain } from '../support/localChain';
import { type RpcGate, startRpcGate } from '../support/rpcGate';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Issue 35: a settlement that cannot reach the chain while its authorization is valid still ends with its event and
 * an honest answer. The chain's RPC (a gate in front of a real local chain) drops every request from the transfer
 * on: settling is retried until the authorization expires, then what became of the payment is decided on chain once
 * it answers again — the result once the transfer is found mined, or a 503 naming the upstream, nothing charged.
 */
let local: LocalChain;
let gate: RpcGate;
let service: TestService;

const VALID_SECONDS = 10;

beforeAll(async () => {
  local = await startLocalChain();
  gate = await startRpcGate(local.chain.rpcUrl);
  const facilitator = createSelfHostedFacilitator({
    rpcUrl: gate.url,
    privateKey: local.chain.facilitatorPrivateKey,
    pollingIntervalMs: 100,
    receiptTimeoutMs: 1500,
  });
  service = await startTestService({
    env: { FREE_TIER_DAILY: '0', CALL_TIMEOUT_SECONDS: '3', X402_MAX_TIMEOUT_SECONDS: String(VALID_SECONDS), RATE_LIMIT_PER_MINUTE: '1000' },
    x402: { terms: { ...local.terms, maxTimeoutSeconds: VALID_SECONDS }, facilitator, rpcUrl: gate.url },
  });
}, 120_000);
afterEach(() => gate.open());
afterAll(async () => {
  await service?.stop();
  await gate?.stop();
  await local?.stop();
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const BODY = { text: 'Paid for only if it was delivered.' };
const post = (headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}/sentiment`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(BODY) });

/** A payment for /sentiment signed by the official client, with a request id of its own. */
async function signedPayment(): Promise<Record<string, string>> {
  const client = new x402HTTPClient(
    new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] }),
  );
  const first = await post();
  expect(first.status).toBe(402);
  const payload = await client.createPaymentPayload(client.getPaymentRequiredResponse((name) => first.headers.get(name), await json(first)));
  return { ...client.encodePaymentSignatureHeader(payload), 'X-Request-Id': randomUUID() };
}

/** The call these headers make (its stream and workflow): their request id in the paying wallet's namespace. */
const callIdOf = (headers: Record<string, string>): string => walletCallId(payer().address, headers['X-Request-Id']!);

/** The call gave up submitting (its authorization expired with the chain unreachable) and is deciding on chain. */
async function confirming(callId: string): Promise<void> {
  const handle = service.client.workflow.getHandle(`call-${callId}`);
  await waitFor(
    async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const settlements = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'settleX402Call');
      return settlements.length >= 2;
    },
    'the settlement to be retried no longer and confirmed on chain instead',
    (VALID_SECONDS + 60) * 1000,
  );
}

async function mineBlock(): Promise<void> {
  await fetch(local.chain.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
}

/** The answer the same request gets once its call has ended (a 503 still_running means not yet), and its body. */
const collect = (headers: Record<string, string>) =>
  waitFor(
    async () => {
      const response = await post(headers);
      const body = await json(response);
      return response.status === 503 && body.code === 'still_running' ? null : { response, body };
    },
    'the call to end',
    90_000,
  );

describe('a settlement whose chain cannot be reached', () => {
  it('never submitted: the call fails with its event, a 503 naming the upstream, nothing charged', async () => {
    const from = await local.usdcOf(payer().address);
    const headers = await signedPayment();
    gate.closeAt('eth_sendRawTransaction');
    expect((await post(headers)).status).toBe(503);
    await confirming(callIdOf(headers));
    // The chain answers again, and its clock is past the authorization: no transfer of it can land any more.
    await mineBlock();
    gate.open();
    const { response: answer, body } = await collect(headers);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toEqual(expect.any(String));
    expect(body).toMatchObject({
      code: 'upstream_unavailable',
      reason: 'settlement_unavailable',
      error: expect.stringContaining('nothing was charged'),
    });
    expect(body).not.toHaveProperty('polarity');
    expect(await local.usdcOf(payer().address)).toBe(from);
    const events = await readStream(service.database.db, `call-${callIdOf(headers)}`);
    expect(events.map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
    expect(events[1]!.data).toMatchObject({ code: 'PaymentFailed', refundedMicros: 0 });
    expect(gate.dropped).toBeGreaterThan(1);
  }, 180_000);

  it('submitted and mined, its receipt never seen: the same request gets the result once the chain answers, charged once', async () => {
    const before = await local.usdcOf(local.chain.payTo);
    const headers = await signedPayment();
    gate.closeAfter('eth_sendRawTransaction');
    expect((await post(headers)).status).toBe(503);
    await confirming(callIdOf(headers));
    gate.open();
    const { response: answer, body } = await collect(headers);
    expect(answer.status).toBe(200);
    expect(body.polarity).toEqual(expect.any(String));
    const receipt = decodePaymentResponseHeader(answer.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 5000n);
    const callId = callIdOf(headers);
    const money = (await readStream(service.database.db, `account-${payer().address.toLowerCase()}`)).filter(
      (e) => 'callId' in e.data && e.data.callId === callId,
    );
    expect(money.map((e) => e.type)).toEqual(['PaymentReceived', 'ChargeSettled']);
    expect(money[0]!.data).toMatchObject({ amountMicros: 5000, transaction: receipt.transaction });
  }, 180_000);
});
