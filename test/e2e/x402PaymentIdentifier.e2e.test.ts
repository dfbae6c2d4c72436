import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  appendPaymentIdentifierToExtensions,
  extractPaymentIdentifier,
  generatePaymentId,
  isPaymentIdentifierExtension,
} from '@x402/extensions/payment-identifier';
import { x402Client, x402HTTPClient } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { createSelfHostedFacilitator } from '../../core/x402';
import { json } from '../support/json';
import { type LocalChain, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';

/**
 * Issue 35, item 3: an x402 payment's `payment-identifier` (the extension, written by @x402/extensions' client helper)
 * is the request's idempotency key in the one idempotency layer (api/idempotency): the same id with the same payment
 * gets the first answer and pays once; the same id with another payment is a 409 and pays nothing.
 */
let local: LocalChain;
let service: TestService;

beforeAll(async () => {
  local = await startLocalChain();
  const facilitator = createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 });
  service = await startTestService({ env: { FREE_TIER_DAILY: '0' }, x402: { terms: local.terms, facilitator, rpcUrl: local.chain.rpcUrl } });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await local?.stop();
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const client = () =>
  new x402HTTPClient(
    new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] }),
  );
const BODY = { text: 'One payment, one answer, however often it is sent.' };
const post = (headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}/sentiment`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(BODY) });

/** A payment for /sentiment signed by the official client, carrying `id` in its payment-identifier extension. */
async function paymentWithId(id: string): Promise<Record<string, string>> {
  const http = client();
  const first = await post();
  expect(first.status).toBe(402);
  const required = http.getPaymentRequiredResponse((name) => first.headers.get(name), await json(first));
  expect(isPaymentIdentifierExtension(required.extensions?.['payment-identifier'])).toBe(true);
  appendPaymentIdentifierToExtensions(required.extensions!, id);
  const payload = await http.createPaymentPayload(required);
  expect(extractPaymentIdentifier(payload)).toBe(id);
  return http.encodePaymentSignatureHeader(payload);
}

describe('payment-identifier', () => {
  it('is declared, optional, in the 402', async () => {
    const response = await post();
    const v2 = JSON.parse(Buffer.from(response.headers.get('payment-required')!, 'base64').toString('utf8'));
    expect(v2.extensions['payment-identifier']).toMatchObject({ info: { required: false }, schema: { type: 'object' } });
  });

  it('answers the same id and payment once: the repeat gets the first answer, and USDC moves once', async () => {
    const before = await local.usdcOf(local.chain.payTo);
    const headers = await paymentWithId(generatePaymentId('pay_'));
    const first = await post(headers);
    expect(first.status).toBe(200);
    const body = await first.text();
    const again = await post(headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(body);
    expect(again.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 5000n);
    const requestId = first.headers.get('x-request-id')!;
    expect(again.headers.get('x-request-id')).toBe(requestId);
    // The call the payment's id names (its stream): the id in that payment's own namespace, as the answer says.
    const callId = (JSON.parse(body) as { _meta: { call_id: string } })._meta.call_id;
    expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
  });

  it('refuses the same id with another payment (409), running and charging nothing', async () => {
    const id = generatePaymentId('pay_');
    const first = await post(await paymentWithId(id));
    expect(first.status).toBe(200);
    const before = await local.usdcOf(payer().address);
    const other = await post(await paymentWithId(id));
    expect(other.status).toBe(409);
    expect(await json(other)).toMatchObject({ code: 'idempotency_conflict', error: expect.stringContaining(`payment-identifier ${id}`) });
    expect(await local.usdcOf(payer().address)).toBe(before);
  });

  it('refuses an id that breaks the format as the payer’s mistake (400), paying nothing', async () => {
    const http = client();
    const first = await post();
    const required = http.getPaymentRequiredResponse((name) => first.headers.get(name), await json(first));
    const payload = await http.createPaymentPayload(required);
    const bad = { ...payload, extensions: { 'payment-identifier': { info: { required: false, id: 'short' } } } };
    const response = await post(http.encodePaymentSignatureHeader(bad));
    expect(response.status).toBe(400);
    expect((await json(response)).error).toContain('payment-identifier');
  });
});
