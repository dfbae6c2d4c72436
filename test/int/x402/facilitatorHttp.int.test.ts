import { HTTPFacilitatorClient } from '@x402/core/http';
import type { PaymentPayload, PaymentRequirements as OfficialRequirements } from '@x402/core/types';
import Koa from 'koa';
import { privateKeyToAccount } from 'viem/accounts';
import {
  buildRequirements,
  createRemoteFacilitator,
  createSelfHostedFacilitator,
  decodePaymentHeaders,
  type Facilitator,
  facilitatorRouter,
  FacilitatorUnavailable,
  type Payment,
  signPayment,
  type SignPaymentOptions,
  toV2Requirements,
} from '../../../core/x402';
import { micros } from '../../../schema/money';
import { serve } from './koaServer';
import { type LocalChain, startLocalChain } from '../../support/localChain';

const TOKEN = 'facilitator-test-token';
let local: LocalChain;
let server: Awaited<ReturnType<typeof serve>>;
let remote: Facilitator;
let facilitatorUrl: string;

beforeAll(async () => {
  local = await startLocalChain();
  const selfHosted = createSelfHostedFacilitator({ rpcUrl: local.chain.rpcUrl, privateKey: local.chain.facilitatorPrivateKey, pollingIntervalMs: 100 });
  const app = new Koa();
  app.use(facilitatorRouter(selfHosted, { prefix: '/facilitator', bearerToken: TOKEN }).routes());
  server = await serve(app);
  facilitatorUrl = `${server.baseUrl}/facilitator`;
  remote = createRemoteFacilitator({ url: facilitatorUrl, bearerToken: TOKEN });
});
afterAll(async () => {
  await server?.close();
  await local?.stop();
});

const requirementsOf = () => buildRequirements(local.terms, { price: micros(1200), resource: 'http://api.test/summarize', description: 'Summary' });
async function paymentFor(options: SignPaymentOptions = {}): Promise<Payment> {
  const signed = await signPayment(privateKeyToAccount(local.chain.payerPrivateKey), requirementsOf(), options);
  return decodePaymentHeaders({ [signed.headerName.toLowerCase()]: signed.header }) as Payment;
}

describe('the facilitator over HTTP (/verify, /settle, /supported)', () => {
  it('says what it supports', async () => {
    const supported = await remote.supported();
    expect(supported.kinds.map((k) => `${k.x402Version}:${k.scheme}:${k.network}`)).toEqual(['1:exact:base', '2:exact:eip155:8453', '2:upto:eip155:8453']);
  });

  it('verifies through the remote client, and a refusal keeps its precise reason across HTTP', async () => {
    expect(await remote.verify(await paymentFor(), requirementsOf())).toMatchObject({ ok: true, amount: 1200n });
    const underpaid = await remote.verify(await paymentFor({ authorization: { value: 1199n } }), requirementsOf());
    expect(underpaid).toMatchObject({ ok: false, reason: 'insufficient_amount', message: expect.stringMatching(/costs 0\.0012 USDC/) });
  });

  it.each([1, 2] as const)('settles a v%i payment through the remote client and the USDC moves; a replay is refused', async (x402Version) => {
    const payment = await paymentFor({ x402Version });
    const before = await local.usdcOf(local.chain.payTo);
    const settlement = await remote.settle(payment, requirementsOf());
    expect(settlement).toMatchObject({ ok: true, network: 'eip155:8453', amount: 1200n });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 1200n);
    expect(await remote.settle(payment, requirementsOf())).toMatchObject({ ok: false, reason: 'nonce_reused' });
  });

  it('serves the official x402 facilitator client too', async () => {
    const official = new HTTPFacilitatorClient({
      url: facilitatorUrl,
      createAuthHeaders: async () => ({
        verify: { Authorization: `Bearer ${TOKEN}` },
        settle: { Authorization: `Bearer ${TOKEN}` },
        supported: { Authorization: `Bearer ${TOKEN}` },
      }),
    });
    const payment = await paymentFor();
    const wireRequirements = toV2Requirements(requirementsOf()) as OfficialRequirements;
    expect((await official.getSupported()).signers['eip155:*']).toHaveLength(1);
    expect(await official.verify(payment.wire as unknown as PaymentPayload, wireRequirements)).toMatchObject({
      isValid: true,
      payer: payment.payer,
    });
    const settled = await official.settle(payment.wire as unknown as PaymentPayload, wireRequirements);
    expect(settled).toMatchObject({ success: true, network: 'eip155:8453', payer: payment.payer });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('wants its bearer token, and the client reports a refused caller as unavailable, not as a bad payment', async () => {
    const anonymous = await fetch(`${facilitatorUrl}/supported`);
    expect(anonymous.status).toBe(401);
    const wrongToken = createRemoteFacilitator({ url: facilitatorUrl, bearerToken: 'not-it' });
    await expect(wrongToken.verify(await paymentFor(), requirementsOf())).rejects.toBeInstanceOf(FacilitatorUnavailable);
  });

  it('answers 400 to a request it cannot read', async () => {
    const post = (body: string) =>
      fetch(`${facilitatorUrl}/verify`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body });
    const notJson = await post('{');
    expect(notJson.status).toBe(400);
    const noAuthorization = await post(
      JSON.stringify({
        x402Version: 1,
        paymentPayload: { x402Version: 1, scheme: 'exact', network: 'base', payload: {} },
        paymentRequirements: toV2Requirements(requirementsOf()),
      }),
    );
    expect(noAuthorization.status).toBe(400);
    expect(((await noAuthorization.json()) as { error: string }).error).toMatch(/authorization is missing/);
  });
});
