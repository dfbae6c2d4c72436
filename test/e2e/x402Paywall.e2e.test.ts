import type { Browser } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { decodeBase64Json } from '../../core/x402/base64Json';
import { artifactPath, launchChromium } from '../support/browser';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';
import { walletTab } from '../support/walletTab';

/**
 * Issue 35, item 5: a person who opens a paid GET endpoint in a browser gets the official x402 paywall
 * (@x402/paywall) in place of the JSON 402; an agent keeps the JSON.
 */
let local: LocalChain;
let service: TestService;
let browser: Browser;

beforeAll(async () => {
  local = await startLocalChain();
  const runtime = selfHostedX402(local);
  // No free tier: the first call without a key is asked to pay.
  [service, browser] = await Promise.all([startTestService({ env: { FREE_TIER_DAILY: '0' }, x402: runtime }), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await local?.stop();
});

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const PATH = '/data/country?code=FR';

describe('the paywall', () => {
  it('is what a browser gets from a paid GET endpoint: the same 402 and PAYMENT-REQUIRED, with the page as the body', async () => {
    const page = await fetch(`${service.baseUrl}${PATH}`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(402);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('vary')).toMatch(/Accept/i);
    const required = decodeBase64Json(page.headers.get('payment-required')!) as { accepts: { amount: string }[]; resource: { url: string } };
    const html = await page.text();
    expect(html).toContain('window.x402 = {');
    // It pays for the route, and fetches the address opened (with its query) once paid.
    expect(html).toContain(`"url":"${service.config.publicBaseUrl}/data/country"`);
    expect(html).toContain(`currentUrl: "${service.config.publicBaseUrl}${PATH}"`);
    expect(required.accepts[0]!.amount).toBe('1000');

    const agent = await fetch(`${service.baseUrl}${PATH}`);
    expect(agent.status).toBe(402);
    expect(await agent.json()).toMatchObject({ x402: { accepts: [expect.objectContaining({ network: 'eip155:8453' })] } });
    const json = await fetch(`${service.baseUrl}${PATH}`, { headers: { Accept: 'application/json, text/html;q=0.5' } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('renders in headless Chromium with the price, and with a wallet connected the network, then pays and shows the answer', async () => {
    const tab = await walletTab(browser, {
      payer: privateKeyToAccount(local.chain.payerPrivateKey),
      rpcUrl: local.chain.rpcUrl,
      publicBaseUrl: service.config.publicBaseUrl,
      baseUrl: service.baseUrl,
    });
    try {
      const response = await tab.goto(`${service.baseUrl}${PATH}`);
      expect(response!.status()).toBe(402);
      await tab.getByText('please pay $0.001').waitFor({ timeout: 30_000 });
      await tab.locator('select').selectOption({ label: 'Injected' });
      await tab.getByRole('button', { name: 'Connect wallet' }).click();
      await tab.getByText('Network:').waitFor({ timeout: 30_000 });
      const text = await tab.locator('body').innerText();
      expect(text).toMatch(/Amount:\s*\$0\.001 USD Coin/);
      expect(text).toMatch(/Network:\s*Base/);
      await tab.screenshot({ path: artifactPath('x402-paywall.png') });
      // Paying signs with the wallet, fetches the address opened with the payment, and shows the answer.
      await tab.getByRole('button', { name: 'Pay now' }).click();
      await tab.getByText('"capital":"Paris"').waitFor({ timeout: 30_000 });
      expect(JSON.parse(await tab.locator('body').innerText())).toMatchObject({ code: 'FR', _meta: { payment: 'x402', cost_usd: 0.001 } });
    } finally {
      await tab.close();
    }
  }, 120_000);
});
