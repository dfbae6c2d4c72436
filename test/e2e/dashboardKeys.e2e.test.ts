import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactPath, launchChromium } from '../support/browser';
import { generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Issue 31: the dashboard manages the account's keys through /auth/keys, in headless Chromium: it lists them (masked,
 * label, last use, spend, limits), creates one with limits (its secret shown once), rotates one with a grace period,
 * revokes one, and goes on with the new secret when it rotates the key it was opened with.
 */
let service: TestService;
let browser: Browser;
let key: TestKey;

beforeAll(async () => {
  [service, browser] = await Promise.all([startTestService({ env: modelEnv() }), launchChromium()]);
  key = await generateKey(service.baseUrl, 'owner');
  const call = await fetch(`${service.baseUrl}/sentiment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...key.auth },
    body: JSON.stringify({ text: 'The refund arrived quickly.' }),
  });
  expect(call.status).toBe(200);
  await waitFor(async () => (await keysOf(key)).find((k) => k.key_id === key.keyId)?.last_used_at !== null, 'the key’s last use to be recorded');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

interface KeyListed {
  key_id: string;
  label: string | null;
  masked: string;
  status: string;
  last_used_at: string | null;
  spent_usd: number;
  limits: { daily_limit_usd: number | null; rpm: number | null; allowed_tools: string[] | null };
}
const keysOf = async (holder: TestKey): Promise<KeyListed[]> => (await json(fetch(`${service.baseUrl}/auth/keys`, { headers: holder.auth }))).keys;
/** What a secret gets from the service now: 200 while it works, 401 once it does not. */
const statusWith = async (secret: string) => (await fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${secret}` } })).status;

interface PageGlobals {
  readonly localStorage: { getItem(key: string): string | null };
}
const storedKey = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('toolgate.apiKey'));

async function openDashboard(secret: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${service.baseUrl}/dashboard`);
  await page.getByLabel('API key').fill(secret);
  await page.getByRole('button', { name: 'Show usage' }).click();
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
  return { context, page };
}

const row = (page: Page, keyId: string) => page.locator(`#keys tr[data-key-id="${keyId}"]`);

describe('managing keys on the dashboard', () => {
  it('lists the account’s keys, creates one with limits showing its secret once, rotates it with a grace period and revokes it', async () => {
    const { context, page } = await openDashboard(key.key);
    try {
      const [owner] = await keysOf(key);
      await expect(row(page, key.keyId).locator('td.key').innerText()).resolves.toBe(`${owner!.masked} (this key)`);
      await expect(row(page, key.keyId).locator('td.label').innerText()).resolves.toBe('owner');
      await expect(row(page, key.keyId).locator('td.spent').innerText()).resolves.toBe(`$${owner!.spent_usd}`);
      expect(owner!.spent_usd).toBeGreaterThan(0);
      await expect(row(page, key.keyId).locator('td.last-used').innerText()).resolves.toBe(owner!.last_used_at!.replace('T', ' ').slice(0, 19));
      await expect(row(page, key.keyId).locator('td.limits').innerText()).resolves.toBe('none');
      // The page's key is nowhere in the list: only masked.
      expect(await page.locator('#keys').innerText()).not.toContain(key.key);

      await page.getByLabel('Label').fill('ci');
      await page.getByLabel('USD a day').fill('1');
      await page.getByLabel('Requests a minute').fill('60');
      await page.getByLabel('Tools').fill('text-ai');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-secret').waitFor({ state: 'visible' });
      const secret = (await page.locator('#new-secret-value').innerText()).trim();
      expect(secret).toMatch(/^apk_/);
      const ci = (await keysOf(key)).find((k) => k.label === 'ci')!;
      expect(ci.limits).toMatchObject({ daily_limit_usd: 1, rpm: 60, allowed_tools: ['text-ai'] });
      expect(await statusWith(secret)).toBe(200);
      await row(page, ci.key_id).waitFor();
      await expect(row(page, ci.key_id).locator('td.limits').innerText()).resolves.toBe('$1.00/day ($1.00 left); 60 requests/min; tools: text-ai');
      await expect(row(page, ci.key_id).locator('td.last-used').innerText()).resolves.toBe('never');
      await page.screenshot({ path: artifactPath('dashboard-keys.png'), fullPage: true });
      // Shown once: the page keeps its own key, and once put away the secret is gone from it.
      expect(await storedKey(page)).toBe(key.key);
      await page.getByRole('button', { name: 'I have stored it' }).click();
      expect(await page.content()).not.toContain(secret);

      // Rotate with a minute's grace: a new secret; the old one works on until then.
      await page.getByLabel(`Grace seconds for ${ci.masked}`).fill('60');
      await page.getByRole('button', { name: `Rotate ${ci.masked}` }).click();
      await page.locator('#new-secret').waitFor({ state: 'visible' });
      const rotated = (await page.locator('#new-secret-value').innerText()).trim();
      expect(rotated).toMatch(/^apk_/);
      expect(rotated).not.toBe(secret);
      expect(await page.locator('#new-secret-title').innerText()).toMatch(/^New secret of ci \(the old one works until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\):$/);
      expect([await statusWith(rotated), await statusWith(secret)]).toEqual([200, 200]);
      await expect(row(page, ci.key_id).locator('td.key').innerText()).resolves.toMatch(/previous: .* works until /);

      // Revoke (after the browser's confirmation): both secrets stop at once.
      page.once('dialog', (dialog) => void dialog.accept());
      const newMasked = (await keysOf(key)).find((k) => k.key_id === ci.key_id)!.masked;
      await page.getByRole('button', { name: `Revoke ${newMasked}` }).click();
      await page.getByText(`${newMasked} was revoked.`).waitFor();
      await expect(row(page, ci.key_id).locator('td.status').innerText()).resolves.toBe('revoked');
      await expect(row(page, ci.key_id).getByRole('button').count()).resolves.toBe(0);
      expect([await statusWith(rotated), await statusWith(secret)]).toEqual([401, 401]);
    } finally {
      await context.close();
    }
  });

  it('declining the confirmation revokes nothing', async () => {
    const spare = await json(
      fetch(`${service.baseUrl}/auth/keys`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...key.auth },
        body: JSON.stringify({ label: 'spare' }),
      }),
    );
    const { context, page } = await openDashboard(key.key);
    try {
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: `Revoke ${spare.masked}` }).click();
      await waitFor(async () => asked !== '', 'the confirmation');
      expect(asked).toBe(`Revoke ${spare.masked}? It stops working at once, everywhere.`);
      await expect(row(page, spare.key_id).locator('td.status').innerText()).resolves.toBe('active');
      expect(await statusWith(spare.key)).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('rotating the key it was opened with goes on with the new secret', async () => {
    const { context, page } = await openDashboard(key.key);
    try {
      await page.getByRole('button', { name: `Rotate ${(await keysOf(key))[0]!.masked}` }).click();
      await page.locator('#new-secret').waitFor({ state: 'visible' });
      const rotated = (await page.locator('#new-secret-value').innerText()).trim();
      // No grace: the old secret stops at once, and the page uses (and keeps) the new one.
      expect([await statusWith(rotated), await statusWith(key.key)]).toEqual([200, 401]);
      expect(await storedKey(page)).toBe(rotated);
      await page.reload();
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
      await row(page, key.keyId).waitFor();
      key = { key: rotated, keyId: key.keyId, auth: { Authorization: `Bearer ${rotated}` } };
    } finally {
      await context.close();
    }
  });

  it('tells a key that may not manage keys so, and still shows its usage', async () => {
    const limited = await json(
      fetch(`${service.baseUrl}/auth/keys`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...key.auth },
        body: JSON.stringify({ label: 'limited', daily_limit_usd: 1 }),
      }),
    );
    const { context, page } = await openDashboard(limited.key);
    try {
      await expect(page.locator('#keys-status').innerText()).resolves.toBe(
        "This key may not manage the account's keys: type in the account's first key, or one with manage_keys.",
      );
      await expect(page.locator('#keys').isHidden()).resolves.toBe(true);
      await expect(page.locator('#new-key-form').isHidden()).resolves.toBe(true);
      await expect(page.locator('#usage').isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});
