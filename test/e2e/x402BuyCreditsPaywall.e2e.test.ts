import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import type { Browser } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { decodeBase64Json } from '../../core/x402/base64Json';
import { balanceRow, generateKey } from '../support/accounts';
import { artifactPath, launchChromium } from '../support/browser';
import { json } from '../support/json';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';
import { walletTab } from '../support/walletTab';

/**
 * Issue 35, item 5: a person who opens /buy-credits in a browser can buy prepaid credit with a wallet there. The page
 * has a form; `?amount_usd=` answers the official x402 paywall (@x402/paywall) for that amount, and the paid retry
 * credits the key sent (?key=) or a new key, by events a replay reproduces.
 */
let local: LocalChain;
let service: TestService;
let browser: Browser;

beforeAll(async () => {
  local = await startLocalChain();
  const runtime = selfHostedX402(local);
  [service, browser] = await Promise.all([startTestService({ x402: runtime }), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await local?.stop();
});

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);

describe('/buy-credits in a browser', () => {
  it('is the prices page with a form; with an amount it is the paywall for that amount, the JSON 402 for an agent', async () => {
    const page = await fetch(`${service.baseUrl}/buy-credits`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="get"');
    expect(html).toContain('name="amount_usd"');

    const paywall = await fetch(`${service.baseUrl}/buy-credits?amount_usd=0.5`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(paywall.status).toBe(402);
    expect(paywall.headers.get('content-type')).toMatch(/^text\/html/);
    const required = decodeBase64Json(paywall.headers.get('payment-required')!) as { accepts: { amount: string }[]; resource: { url: string } };
    expect(required.accepts[0]!.amount).toBe('500000');
    expect(required.resource.url).toBe(`${service.config.publicBaseUrl}/buy-credits`);
    expect(await paywall.text()).toContain('window.x402 = {');

    const agent = await fetch(`${service.baseUrl}/buy-credits?amount_usd=0.5`);
    expect(agent.status).toBe(402);
    expect(await json(agent)).toMatchObject({ cost_usd: 0.5, x402: { accepts: [expect.objectContaining({ amount: '500000' })] } });
  });

  it('renders in headless Chromium with the price and network, pays, and credits the key in the address', async () => {
    const { key, keyId } = await generateKey(service.baseUrl);
    const before = (await balanceRow(service.database.db, keyId)).available_micros;
    const tab = await walletTab(browser, { payer: payer(), rpcUrl: local.chain.rpcUrl, publicBaseUrl: service.config.publicBaseUrl, baseUrl: service.baseUrl });
    try {
      // The page's own form leads there: amount and key typed in, submitted.
      await tab.goto(`${service.baseUrl}/buy-credits`);
      await tab.locator('input[name="amount_usd"]').fill('0.5');
      await tab.locator('input[name="key"]').fill(key);
      await tab.getByRole('button', { name: 'Pay with a wallet' }).click();
      await tab.getByText(/please pay \$0\.5/).waitFor({ timeout: 30_000 });
      await tab.locator('select').selectOption({ label: 'Injected' });
      await tab.getByRole('button', { name: 'Connect wallet' }).click();
      await tab.getByText('Network:').waitFor({ timeout: 30_000 });
      const text = await tab.locator('body').innerText();
      expect(text).toMatch(/Amount:\s*\$0\.5\d* USD Coin/);
      expect(text).toMatch(/Network:\s*Base/);
      await tab.screenshot({ path: artifactPath('x402-buy-credits-paywall.png') });
      await tab.getByRole('button', { name: 'Pay now' }).click();
      await tab.getByText('"added_usd":0.5').waitFor({ timeout: 30_000 });
      expect(JSON.parse(await tab.locator('body').innerText())).toMatchObject({ key_id: keyId, added_usd: 0.5, paid_with: 'x402' });
    } finally {
      await tab.close();
    }
    expect((await balanceRow(service.database.db, keyId)).available_micros).toBe(before + 500_000);
    const credits = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => e.type === 'CreditGranted');
    expect(credits.map((e) => e.data)).toEqual(expect.arrayContaining([expect.objectContaining({ amountMicros: 500_000, reason: 'purchase' })]));
  }, 120_000);

  it('paid with the official @x402/fetch client: a new key holding what was paid, which a replay reproduces', async () => {
    const client = new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] });
    const payTo = await local.usdcOf(local.chain.payTo);
    const response = await wrapFetchWithPayment(fetch, client)(`${service.baseUrl}/buy-credits?amount_usd=1.25&label=from-the-page`);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ key: expect.stringMatching(/^apk_/), credited_usd: 1.25, balance_usd: 1.25 });
    expect(decodePaymentResponseHeader(response.headers.get('payment-response')!)).toMatchObject({ success: true, payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(payTo + 1_250_000n);

    const status = await json(fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${body.key}` } }));
    expect(status).toMatchObject({ balance_usd: 1.25 });
    const credit = (await readStream(service.database.db, `account-${body.key_id}`)).find((e) => e.type === 'CreditGranted');
    expect(credit?.data).toMatchObject({ amountMicros: 1_250_000, reason: 'purchase' });
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect((await balanceRow(service.database.db, body.key_id)).available_micros).toBe(1_250_000);
  }, 120_000);
});
