import { HTTPFacilitatorClient } from '@x402/core/http';
import type { PaymentPayload, PaymentRequirements as OfficialRequirements } from '@x402/core/types';
import { privateKeyToAccount } from 'viem/accounts';
import { buildRequirements, decodePaymentHeaders, type Payment, signPayment, toV2Requirements } from '../../core/x402';
import { micros } from '../../schema/money';
import { json } from '../support/json';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';

// The self-hosted facilitator this deployment settles through, offered to other services at /facilitator as the
// docs/agents-and-payments.md says: an official x402 facilitator client verifies and settles through it with the operator's token.
const TOKEN = 'a-token-for-other-services';
let local: LocalChain;
let service: TestService;
let production: TestService;
beforeAll(async () => {
  local = await startLocalChain();
  [service, production] = await Promise.all([
    startTestService({ env: { X402_FACILITATOR_SERVE_TOKEN: TOKEN }, x402: selfHostedX402(local), worker: 'none' }),
    // A production deployment whose operator set no token: the facilitator is not offered.
    startTestService({
      env: {
        APP_ENV: 'production',
        ADMIN_TOKEN: 'an-operator-token-long-enough-for-production',
        WEBHOOK_SIGNING_KEY: 'a-webhook-signing-key-of-32-characters-or-more',
        AGENT_SESSION_SECRET: 'an-agent-session-secret-of-32-characters-or-more',
        LOG_SIGNING_KEY: 'ab'.repeat(32),
      },
      x402: selfHostedX402(local),
      worker: 'none',
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await production?.stop();
  await local?.stop();
});

const requirements = () => buildRequirements(local.terms, { price: micros(1200), resource: 'http://elsewhere.test/report', description: 'A report' });
async function payment(): Promise<Payment> {
  const signed = await signPayment(privateKeyToAccount(local.chain.payerPrivateKey), requirements());
  return decodePaymentHeaders({ [signed.headerName.toLowerCase()]: signed.header }) as Payment;
}
const official = (token: string) =>
  new HTTPFacilitatorClient({
    url: `${service.baseUrl}/facilitator`,
    createAuthHeaders: async () => {
      const auth = { Authorization: `Bearer ${token}` };
      return { verify: auth, settle: auth, supported: auth };
    },
  });

describe('the self-hosted facilitator at /facilitator', () => {
  it('serves the official client: what it supports, a verification and a settlement that moves the USDC', async () => {
    const client = official(TOKEN);
    const supported = await client.getSupported();
    expect(supported.kinds.map((k) => `${k.x402Version}:${k.scheme}:${k.network}`)).toEqual(expect.arrayContaining(['2:exact:eip155:8453']));
    const paid = await payment();
    const wire = toV2Requirements(requirements()) as OfficialRequirements;
    expect(await client.verify(paid.wire as unknown as PaymentPayload, wire)).toMatchObject({ isValid: true, payer: paid.payer });
    const before = await local.usdcOf(local.terms.payTo as `0x${string}`);
    const settled = await client.settle(paid.wire as unknown as PaymentPayload, wire);
    expect(settled).toMatchObject({ success: true, network: 'eip155:8453', payer: paid.payer });
    expect((await local.usdcOf(local.terms.payTo as `0x${string}`)) - before).toBe(1200n);
  });

  it('wants the operator’s token: none or another is refused 401, and nothing is settled', async () => {
    expect((await fetch(`${service.baseUrl}/facilitator/supported`)).status).toBe(401);
    await expect(official('not-it').getSupported()).rejects.toThrow();
  });

  it('in production without X402_FACILITATOR_SERVE_TOKEN: 503 not_configured naming it, no Retry-After', async () => {
    const response = await fetch(`${production.baseUrl}/facilitator/supported`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await json(response)).toMatchObject({ code: 'not_configured', settings: ['X402_FACILITATOR_SERVE_TOKEN'] });
  });
});
