import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { generateKey, type TestKey } from '../support/accounts';
import { modelEnv } from '../support/modelEnv';
import { SiteServer } from '../support/siteServer';
import { startTestService, type TestService } from '../support/testService';

/** A browser app on another origin (another port) calling the API, as a web front end of someone else's would. */
let service: TestService;
let app: SiteServer;
let browser: Browser;
let key: TestKey;

beforeAll(async () => {
  [service, app, browser] = await Promise.all([
    startTestService({ env: { ...modelEnv(), FREE_TIER_DAILY: '0' } }),
    SiteServer.start(() => ({ '/': { body: '<!doctype html><title>an app elsewhere</title><p>calls toolgate</p>' } })),
    launchChromium(),
  ]);
  key = await generateKey(service.baseUrl, 'browser app');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await service?.stop();
});

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string | null>;
}

/** fetch() run by the page: only what CORS lets it read comes back (a refused answer is a TypeError in the page). */
function callFrom(page: Page, url: string, init: { method: string; headers: Record<string, string>; body?: string }, read: string[]): Promise<Answer> {
  return page.evaluate(
    async ({ url, init, read }) => {
      const response = await fetch(url, init);
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        headers: Object.fromEntries(read.map((name) => [name, response.headers.get(name)])),
      };
    },
    { url, init, read },
  );
}

describe('a page on another origin', () => {
  it('calls a paid tool with the key in Authorization (a preflighted request) and reads the answer and its headers', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${app.base}/`);
      expect(new URL(page.url()).origin).not.toBe(new URL(service.baseUrl).origin);
      const answer = await callFrom(
        page,
        `${service.baseUrl}/sentiment`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}`, 'Idempotency-Key': `cors-${Date.now()}` },
          body: JSON.stringify({ text: 'What a lovely, helpful service.' }),
        },
        ['X-Request-Id', 'X-RateLimit-Remaining', 'X-API-Version'],
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ polarity: 'positive', _meta: { endpoint: '/sentiment', payment: 'key' } });
      expect(answer.headers['X-Request-Id']).toMatch(/^cors-/);
      expect(Number(answer.headers['X-RateLimit-Remaining'])).toBeGreaterThan(0);
      expect(answer.headers['X-API-Version']).toBe('1.9.0');
    } finally {
      await page.close();
    }
  });

  it('reads an error too: a call without credentials gets its 402 and the payment details', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${app.base}/`);
      const answer = await callFrom(
        page,
        `${service.baseUrl}/sentiment`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'Free?' }) },
        ['X-Request-Id'],
      );
      expect(answer.status).toBe(402);
      expect(answer.body).toMatchObject({ code: expect.any(String), cost_usd: 0.005, top_up_url: expect.any(String) });
      expect(answer.headers['X-Request-Id']).toEqual(expect.any(String));
    } finally {
      await page.close();
    }
  });
});

describe('the preflight', () => {
  it('is answered 204 before credentials or limits: any origin, the methods, the credential headers by name, for two hours', async () => {
    const response = await fetch(`${service.baseUrl}/sentiment`, {
      method: 'OPTIONS',
      headers: { Origin: app.base, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,x-stainless-os' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')!.split(',').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT']);
    const allowed = response.headers.get('access-control-allow-headers')!.split(',');
    expect(allowed).toEqual(
      expect.arrayContaining(['Authorization', 'X-API-Key', 'PAYMENT-SIGNATURE', 'X-PAYMENT', 'Idempotency-Key', 'anthropic-version', '*']),
    );
    expect(response.headers.get('access-control-max-age')).toBe('7200');
    // No cookies: credentialed CORS is never offered.
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lists what a page may read of every answer', async () => {
    const response = await fetch(`${service.baseUrl}/health`, { headers: { Origin: app.base } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')!.split(',')).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'request-id',
        'PAYMENT-REQUIRED',
        'PAYMENT-RESPONSE',
        'X-PAYMENT-RESPONSE',
        'Retry-After',
        'X-RateLimit-Remaining',
        'Server-Timing',
      ]),
    );
    expect(response.headers.get('timing-allow-origin')).toBe('*');
  });
});

describe('a key manager’s page on another origin', () => {
  it('renames a key with PATCH (preflighted) and reads the answer’s Server-Timing', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${app.base}/`);
      const manager = await generateKey(service.baseUrl, 'manager page');
      const answer = await callFrom(
        page,
        `${service.baseUrl}/auth/keys/${manager.keyId}`,
        {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${manager.key}` },
          body: JSON.stringify({ label: 'renamed in a browser' }),
        },
        ['Server-Timing'],
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ key_id: manager.keyId, label: 'renamed in a browser' });
      expect(answer.headers['Server-Timing']).toMatch(/^app;dur=[\d.]+, total;dur=[\d.]+$/);
    } finally {
      await page.close();
    }
  });
});
