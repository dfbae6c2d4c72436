import Router from '@koa/router';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment as wrapFetchV2, x402Client } from '@x402/fetch';
import Koa from 'koa';
import { privateKeyToAccount } from 'viem/accounts';
import { createSigner, decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchV1 } from 'x402-fetch';
import {
  buildRequirements,
  createSelfHostedFacilitator,
  decodePaymentHeaders,
  PAYMENT_REQUIRED_HEADER,
  paymentRequiredHeader,
  receiptHeader,
  specX402Block,
  UndecodablePayment,
  v1PaymentRequiredFields,
  verifyPayment,
} from '../../../core/x402';
import { memoryNonceRegistry } from '../../support/memoryNonceRegistry';
import { micros } from '../../../schema/money';
import { serve } from './koaServer';
import { type LocalChain, startLocalChain } from '../../support/localChain';

/**
 * A paid endpoint as small as it gets, built from our parts only: 402 with the three views,
 * then decode → verify (nonce registry) → settle (self-hosted facilitator) → receipt header.
 * The official clients must pay it without being told anything about us.
 */
let local: LocalChain;
let server: Awaited<ReturnType<typeof serve>>;
const PRICE = micros(3000);

beforeAll(async () => {
  local = await startLocalChain();
  const facilitator = createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 });
  const nonces = memoryNonceRegistry();
  const router = new Router();
  router.post('/paid-echo', async (ctx) => {
    const requirements = buildRequirements(local.terms, { price: PRICE, resource: `${server.baseUrl}${ctx.path}`, description: 'echoes a word, for a price' });
    const demand = (error: string, reason?: string) => {
      ctx.status = 402;
      ctx.set(PAYMENT_REQUIRED_HEADER, paymentRequiredHeader(requirements, error));
      ctx.body = { error, ...(reason ? { reason } : {}), cost_usd: 0.003, x402: specX402Block(requirements), ...v1PaymentRequiredFields(requirements) };
    };
    let payment;
    try {
      payment = decodePaymentHeaders(ctx.headers);
    } catch (error) {
      if (!(error instanceof UndecodablePayment)) throw error;
      ctx.status = 400;
      ctx.body = { error: error.message };
      return;
    }
    if (!payment) return demand('payment required');
    const verdict = await verifyPayment(payment, requirements, { nonces, now: new Date() });
    if (!verdict.ok) return demand(verdict.message, verdict.reason);
    const settlement = await facilitator.settle(payment, requirements);
    if (!settlement.ok) return demand(settlement.message, settlement.reason);
    ctx.set(receiptHeader(settlement, payment.x402Version));
    ctx.set('Access-Control-Expose-Headers', 'PAYMENT-RESPONSE, X-PAYMENT-RESPONSE');
    ctx.body = { echo: 'paid', payer: verdict.payer };
  });
  const app = new Koa();
  app.use(router.routes());
  server = await serve(app);
});
afterAll(async () => {
  await server?.close();
  await local?.stop();
});

const post = (pay: (input: string, init?: RequestInit) => Promise<Response>) =>
  pay(`${server.baseUrl}/paid-echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"word":"paid"}' });

/** The v2 client pays only well-known tokens unless told otherwise: the dev USDC is opted in by address. */
const v2Client = (payer: ReturnType<typeof privateKeyToAccount>) =>
  new x402Client().register('eip155:*', new ExactEvmScheme(payer)).setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] });

describe('interoperability with the official x402 clients', () => {
  it('answers an unpaid call with 402 and requirements every client can read', async () => {
    const response = await post(fetch);
    expect(response.status).toBe(402);
    expect(response.headers.get('payment-required')).toBeTruthy();
    const body = await response.json();
    expect(body).toMatchObject({ x402Version: 1, accepts: [{ network: 'base', maxAmountRequired: '3000' }], x402: { network: 'eip155:8453' } });
  });

  it('is paid by @x402/fetch (v2, PAYMENT-SIGNATURE) and the USDC moves on chain', async () => {
    const payer = privateKeyToAccount(local.chain.payerPrivateKey);
    const before = { payer: await local.usdcOf(payer.address), payee: await local.usdcOf(local.chain.payTo) };

    const response = await post(wrapFetchV2(fetch, v2Client(payer)));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ echo: 'paid', payer: payer.address });
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: payer.address });
    expect((await local.reader.getTransactionReceipt({ hash: receipt.transaction as `0x${string}` })).status).toBe('success');
    expect(await local.usdcOf(payer.address)).toBe(before.payer - 3000n);
    expect(await local.usdcOf(local.chain.payTo)).toBe(before.payee + 3000n);
  });

  it('is paid by x402-fetch (v1, X-PAYMENT) and the USDC moves on chain', async () => {
    const signer = await createSigner('base', local.chain.payerPrivateKey);
    const payer = privateKeyToAccount(local.chain.payerPrivateKey);
    const before = await local.usdcOf(local.chain.payTo);

    const response = await post(wrapFetchV1(fetch, signer) as (input: string, init?: RequestInit) => Promise<Response>);

    expect(response.status).toBe(200);
    const receipt = decodeXPaymentResponse(response.headers.get('x-payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'base', payer: payer.address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 3000n);
  });

  it('refuses a payment header replayed from an earlier paid call', async () => {
    const payer = privateKeyToAccount(local.chain.payerPrivateKey);
    let sent: string | null = null;
    const recording = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      sent = request.headers.get('payment-signature') ?? sent;
      return fetch(request);
    };
    expect((await post(wrapFetchV2(recording, v2Client(payer)))).status).toBe(200);

    const replay = await fetch(`${server.baseUrl}/paid-echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PAYMENT-SIGNATURE': sent ?? '' },
      body: '{}',
    });
    expect(replay.status).toBe(402);
    expect(await replay.json()).toMatchObject({ reason: 'nonce_reused' });
  });
});
