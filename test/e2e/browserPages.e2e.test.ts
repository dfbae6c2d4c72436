import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openApiPath } from '../../api/discovery/openApiDocument';
import { registry } from '../../schema/registry';
import { artifactPath, launchChromium } from '../support/browser';
import { CallbackReceiver } from '../support/callbackReceiver';
import { generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
let receiver: CallbackReceiver;
let browser: Browser;
let key: TestKey;
/** Every address a page asked for that is not this service: the pages must load nothing from elsewhere (no CDN). */
const elsewhere: string[] = [];

const post = (path: string, body: unknown) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...key.auth }, body: JSON.stringify(body) });

beforeAll(async () => {
  [service, receiver, browser] = await Promise.all([startTestService({ env: modelEnv() }), CallbackReceiver.start(), launchChromium()]);
  key = await generateKey(service.baseUrl);
  // Usage to show: three offline calls on two tools, and a webhook delivery.
  for (const [tool, body] of [
    ['/sentiment', { text: 'The refund arrived quickly. Great service!' }],
    ['/sentiment', { text: 'The app crashed twice today.' }],
    ['/keywords', { text: 'Event sourcing keeps an append-only log of every change to the ledger.' }],
  ] as const) {
    expect((await post(tool, body)).status).toBe(200);
  }
  expect((await post('/webhooks/register', { url: receiver.url('/hook') })).status).toBe(200);
  expect((await post('/webhooks/test-event', {})).status).toBe(200);
  await waitFor(
    async () => {
      const [calls, deliveries] = await Promise.all([
        json(fetch(`${service.baseUrl}/api/usage/calls?status=completed`, { headers: key.auth })),
        json(fetch(`${service.baseUrl}/webhooks/deliveries`, { headers: key.auth })),
      ]);
      return calls.calls.length === 3 && deliveries.deliveries[0]?.status === 'delivered';
    },
    'the calls and deliveries read models to show the usage',
    30_000,
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await receiver.down();
  await service.stop();
});

async function newPage(options: { rememberedKey?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (options.rememberedKey)
    await context.addInitScript((saved) => (globalThis as unknown as PageGlobals).localStorage.setItem('toolgate.apiKey', saved), options.rememberedKey);
  const page = await context.newPage();
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(service.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  return { context, page };
}

/** What the pages' scripts see (this project's TypeScript has no DOM library). */
interface PageGlobals {
  readonly localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  readonly Chart: { getChart(id: string): { data: { labels: string[]; datasets: { data: number[] }[] } } | undefined };
}

/** An operation of the reference, as Scalar renders it: its id is the document's (`api-1`), then tag, method and path. */
const operationId = (tag: string, method: string, path: string) => `api-1/tag/${tag}/${method}${path}`;
const operation = (page: Page, tag: string, method: string, path: string) => page.locator(`[id="${operationId(tag, method, path)}"]`);

/** Whether the operation's heading is at the top of the window, where a link to it should bring the reader. */
async function landedOn(page: Page, id: string): Promise<boolean> {
  const box = await page.locator(`[id="${id}"] h3`).first().boundingBox();
  return box !== null && box.y >= 0 && box.y < 300;
}

/**
 * How long the reference may take to render: it lays out 210 operations from an 800 KB OpenAPI document in headless
 * chromium; a cold page took 22 s alone on two cores, and over 30 s while the rest of the suite ran beside it.
 */
const RENDER_MS = 90_000;

describe('the API reference at /docs', () => {
  it(
    'renders the operations of /openapi.json, the OpenAI-compatible endpoint among them, from old anchors too',
    async () => {
      const { context, page } = await newPage();
      try {
        await page.goto(`${service.baseUrl}/docs#v1/chat/completions`);
        const completions = operation(page, 'text-ai', 'POST', '/v1/chat/completions');
        await completions.waitFor({ timeout: RENDER_MS });
        expect(page.url()).toContain('#tag/text-ai/POST/v1/chat/completions');
        await expect(completions.innerText()).resolves.toContain("OpenAI's Chat Completions format");
        await page.getByText('Polarity, score, emotions, confidence and key phrases of a text').first().waitFor();
        await page.screenshot({ path: artifactPath('docs.png') });
      } finally {
        await context.close();
      }
    },
    RENDER_MS + 60_000,
  );

  it(
    "shows a free endpoint's example without a key and a paid one's with the caller's key",
    async () => {
      const { context, page } = await newPage({ rememberedKey: key.key });
      try {
        await page.goto(`${service.baseUrl}/docs#free-tier/status`);
        const free = operation(page, 'account', 'GET', '/free-tier/status');
        await free.getByText('curl', { exact: false }).first().waitFor({ timeout: RENDER_MS });
        const freeExample = await free.innerText();
        expect(freeExample).toContain('/free-tier/status');
        expect(freeExample).not.toContain('Authorization');
      } finally {
        await context.close();
      }
      // A fresh page: old anchors are read when the reference loads.
      const paidPage = await newPage({ rememberedKey: key.key });
      try {
        const page = paidPage.page;
        await page.goto(`${service.baseUrl}/docs#sentiment`);
        const paid = operation(page, 'text-ai', 'POST', '/sentiment');
        await paid.getByText(`Bearer ${key.key}`).first().waitFor({ timeout: RENDER_MS });
        // Its answer is the document's example, what /sentiment answers to its own input example (issue 41, item 13), not
        // one the reference makes up from the schema (`"polarity": "positive", "score": -1`).
        const document = await json(fetch(`${service.baseUrl}/openapi.json`));
        const { polarity, score } = document.paths['/sentiment'].post.responses['200'].content['application/json'].example;
        await waitFor(
          async () => {
            const shown = await paid.innerText();
            return shown.includes(`"polarity": "${polarity}"`) && shown.includes(`"score": ${score}`);
          },
          'the reference to show the answer example',
          30_000,
        );
      } finally {
        await paidPage.context.close();
      }
    },
    RENDER_MS + 60_000,
  );

  it('brings every llms.txt link to its operation, and shows every field of every request body', async () => {
    const [document, llms] = await Promise.all([json(fetch(`${service.baseUrl}/openapi.json`)), (await fetch(`${service.baseUrl}/llms.txt`)).text()]);
    const links = [...llms.matchAll(/^- \[(GET|POST|PUT|PATCH|DELETE) (\S+)\]\((\S+)\)/gm)].map(([, method, path, url]) => ({
      method: method!,
      path: path!,
      url: url!,
    }));
    expect(links).toHaveLength(registry.length);
    const { context, page } = await newPage();
    try {
      await page.goto(`${service.baseUrl}/docs`);
      await page.locator('section[id^="api-1/tag/"]').first().waitFor({ timeout: RENDER_MS });
      const missed: string[] = [];
      const hidden: string[] = [];
      for (const link of links) {
        const path = openApiPath(link.path);
        const documented = document.paths[path][link.method.toLowerCase()];
        const id = operationId(documented.tags[0], link.method, path);
        // A link within the loaded page: the reference reads the new hash as it reads one it opens with (checked below).
        await page.goto(link.url.replace(service.config.publicBaseUrl, service.baseUrl));
        // Scalar renders every operation above the target first, which now and then takes longer than a glance: a link
        // that has not landed is opened once more, from a fresh load, before it counts as missed.
        const landed =
          (await waitFor(() => landedOn(page, id), link.url, 10_000).catch(() => false)) ||
          (await page.reload().then(() => waitFor(() => landedOn(page, id), link.url, 30_000).catch(() => false)));
        if (!landed) missed.push(link.url);
        const body = documented.requestBody?.content['application/json']?.schema;
        if (body)
          await page
            .locator(`[id="${id}"] .request-body`)
            .waitFor({ timeout: 10_000 })
            .catch(() => undefined);
        for (const field of Object.keys((body?.allOf?.[0] ?? body)?.properties ?? {}))
          if (!(await page.locator(`[id="${id}.body.${field}"]`).isVisible())) hidden.push(`${link.method} ${link.path} ${field}`);
      }
      expect(missed).toEqual([]);
      expect(hidden).toEqual([]);
    } finally {
      await context.close();
    }
    // Opened afresh, a link with a path parameter (braces escaped in the URL) lands too.
    const fresh = await newPage();
    try {
      await fresh.page.goto(`${service.baseUrl}/docs#tag/agents/GET/webhooks/%7Bid%7D/events`);
      await waitFor(() => landedOn(fresh.page, operationId('agents', 'GET', '/webhooks/{id}/events')), 'the relay events operation', 30_000);
      await expect(operation(fresh.page, 'agents', 'GET', '/webhooks/{id}/events').locator('h3').innerText()).resolves.toBe('Events a relay received');
    } finally {
      await fresh.context.close();
    }
  }, 600_000);

  it(
    "sends the caller's key when they try a request from the reference",
    async () => {
      const { context, page } = await newPage({ rememberedKey: key.key });
      try {
        await page.goto(`${service.baseUrl}/docs#auth/status`);
        const status = operation(page, 'account', 'GET', '/auth/status');
        await status.getByRole('button', { name: 'Test Request' }).click({ timeout: RENDER_MS });
        const sent = page.waitForRequest((request) => request.url() === `${service.baseUrl}/auth/status`);
        const answered = page.waitForResponse((response) => response.url() === `${service.baseUrl}/auth/status`);
        await page.getByRole('button', { name: /^Send/ }).first().click();
        expect((await sent).headers().authorization).toBe(`Bearer ${key.key}`);
        const response = await answered;
        expect(response.status()).toBe(200);
        expect((await response.json()).total_calls).toBe(3);
      } finally {
        await context.close();
      }
    },
    RENDER_MS + 60_000,
  );
});

describe('the top-up page at /buy-credits', () => {
  it('shows a key holder how to top up their own key, and that premium tools are paid per call too', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${service.baseUrl}/buy-credits`);
      await page.getByRole('heading', { name: '3. Top up a key you have' }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).toContain(`BASE_URL=${service.config.publicBaseUrl} npm run pay -- --key "$KEY" POST /auth/topup '{"amount_usd": 5}'`);
      expect(text).toContain(`await pay('${service.config.publicBaseUrl}/auth/topup', {`);
      expect(text).toMatch(/premium tools \(.*\/research.*\) included/);
    } finally {
      await context.close();
    }
  });
});

describe('the usage dashboard at /dashboard', () => {
  it('shows balance, charts, recent calls and webhook deliveries for the key typed in, and keeps the key in the browser only', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${service.baseUrl}/dashboard`);
      await page.getByLabel('API key').fill(key.key);
      await page.getByRole('button', { name: 'Show usage' }).click();
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });

      const account = await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }));
      // Micro-dollars shown to the digit they need (the trial's 0.25 less three calls: $0.235 at today's prices).
      await expect(page.locator('#balance').innerText()).resolves.toBe(`$${account.balance_usd}`);
      await expect(page.locator('#total-calls').innerText()).resolves.toBe('3');
      const rows = await page.locator('#calls tbody tr').allInnerTexts();
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.includes('sentiment') && r.includes('completed'))).toHaveLength(2);
      expect(await page.locator('#deliveries tbody tr').allInnerTexts()).toEqual([expect.stringContaining('delivered')]);
      const charted = await page.evaluate(() => {
        const chartOf = (id: string) => (globalThis as unknown as PageGlobals).Chart.getChart(id)!;
        const calls = chartOf('calls-chart').data.datasets.map((d) => d.data.reduce((a, b) => a + b, 0));
        return { calls, tools: chartOf('tools-chart').data.labels, days: chartOf('spend-chart').data.labels.length };
      });
      expect(charted).toEqual({ calls: [3, 0], tools: ['sentiment', 'keywords'], days: 30 });
      await page.screenshot({ path: artifactPath('dashboard.png'), fullPage: true });

      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('toolgate.apiKey'))).toBe(key.key);
      await page.reload();
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Forget key' }).click();
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('toolgate.apiKey'))).toBeNull();
      await expect(page.locator('#usage').isHidden()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows how to top up the key: the exact commands for it and the amount typed, and how far it is from the bulk discount', async () => {
    const { context, page } = await newPage({ rememberedKey: key.key });
    try {
      await page.goto(`${service.baseUrl}/dashboard`);
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
      const account = await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }));
      const short = Math.ceil((2 - account.balance_usd) * 100) / 100;
      await expect(page.locator('#discount-note').innerText()).resolves.toBe(`Holding at least $2.00 gives 20% off every call: $${short} more would do it.`);
      // The commands hold the key: folded away until asked for.
      await expect(page.locator('#topup-command').isVisible()).resolves.toBe(false);
      await page.getByText('On a development deployment').click();
      await page.getByLabel('Amount (USD)').fill('2.5');
      await expect(page.locator('#topup-command').innerText()).resolves.toBe(
        `BASE_URL=${service.baseUrl} npm run pay -- --key ${key.key} POST /auth/topup '{"amount_usd":2.5}'`,
      );
      const code = await page.locator('#topup-fetch').textContent();
      expect(code).toContain(`await pay('${service.baseUrl}/auth/topup', {`);
      expect(code).toContain(`Authorization: 'Bearer ${key.key}'`);
      expect(code).toContain(`body: '{"amount_usd":2.5}'`);
    } finally {
      await context.close();
    }
  });

  it('says why when the key is refused', async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${service.baseUrl}/dashboard`);
      await page.getByLabel('API key').fill('apk_not-a-real-key');
      await page.getByRole('button', { name: 'Show usage' }).click();
      await page.getByText('Could not read the usage: invalid API key').waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('toolgate.apiKey'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('loaded nothing from any other address', () => {
    expect(elsewhere).toEqual([]);
  });
});
