import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { generateKey, topUp, balanceRow } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const balanceOf = async (auth: Record<string, string>) => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: auth }))).balance_usd as number;
const balanceMicros = async (accountId: string) => (await balanceRow(service.database.db, accountId)).available_micros;

describe('keys', () => {
  it('issues apk_ keys with 0.25 USD of trial credit and stores only their hash', async () => {
    const { key, keyId, auth } = await generateKey(service.baseUrl, 'first');
    expect(key).toMatch(/^apk_[A-Za-z0-9_-]{43}$/);
    expect(await balanceOf(auth)).toBe(0.25);
    const leaked = await sql<{ n: number }>`select count(*)::int as n from events where data::text like ${`%${key.slice(4)}%`}`.execute(service.database.db);
    expect(leaked.rows[0]!.n).toBe(0);
    const history = await readStream(service.database.db, `account-${keyId}`);
    expect(history.map((e) => [e.type, 'amountMicros' in e.data ? e.data.amountMicros : null])).toEqual([
      ['AccountOpened', null],
      ['CreditGranted', 250_000],
    ]);
  });

  it('accepts the key as Bearer, X-API-Key and ?key=, and answers 401 without one', async () => {
    const { key } = await generateKey(service.baseUrl);
    for (const request of [
      fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${key}` } }),
      fetch(`${service.baseUrl}/auth/status`, { headers: { 'x-api-key': key } }),
      fetch(`${service.baseUrl}/api/usage?key=${key}`),
    ]) {
      expect((await request).status).toBe(200);
    }
    const missing = await fetch(`${service.baseUrl}/auth/status`);
    expect(missing.status).toBe(401);
    expect(await json(missing)).toEqual({ error: 'missing API key', code: 'unauthorized', hint: expect.stringContaining('/auth/generate-key') });
  });

  it('limits trial keys per IP and day', async () => {
    const strict = await startTestService({ env: { TRIAL_KEYS_PER_IP_DAILY: '2' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${strict.baseUrl}/auth/generate-key`, { method: 'POST' })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await json(fetch(`${strict.baseUrl}/auth/generate-key`, { method: 'POST' }));
      expect(refused).toMatchObject({ error: expect.stringContaining('trial keys'), limit: 2, retry_after: expect.any(Number), reset_at: expect.any(String) });
    } finally {
      await strict.stop();
    }
  });
});

describe('exact charging', () => {
  it('charges the list price to the micro-USD and reports cost and balance in _meta', async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const body = await json(call('/sentiment', { text: 'Lovely.' }, auth));
    expect(body._meta).toMatchObject({ cost_usd: 0.005, balance_usd: 0.245, network: 'prepaid', payment: 'key' });
    expect(await balanceMicros(keyId)).toBe(245_000);
  });

  it('gives 20% off while the balance is at least 2.00 USD, and not a micro-dollar below', async () => {
    const { key, keyId, auth } = await generateKey(service.baseUrl);
    expect((await topUp(service.baseUrl, service.config.adminToken, key, 1.749999)).status).toBe(200);
    expect(await balanceMicros(keyId)).toBe(1_999_999);
    expect((await json(call('/sentiment', { text: 'Below the line.' }, auth)))._meta.cost_usd).toBe(0.005);
    expect((await topUp(service.baseUrl, service.config.adminToken, key, '0.005001')).status).toBe(200);
    expect(await balanceMicros(keyId)).toBe(2_000_000);
    expect((await json(call('/sentiment', { text: 'At the line.' }, auth)))._meta).toMatchObject({ cost_usd: 0.004, balance_usd: 1.996 });
    expect((await json(call('/sentiment', { text: 'Under it again.' }, auth)))._meta).toMatchObject({ cost_usd: 0.005, balance_usd: 1.991 });
  });

  it("refunds the reservation when the tool fails, and answers the tool's error", async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const callId = keyCallId(keyId, requestId);
    // The offline regex tool fails in its activity when it has no examples to generalise from (an unknown model is refused before any reservation).
    const response = await call('/regex', { text: 'invoice numbers', model: 'local' }, { ...auth, 'X-Request-Id': requestId });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toContain('needs examples');
    expect(await balanceMicros(keyId)).toBe(250_000);
    const money = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
    expect(money.map((e) => e.type)).toEqual(['ChargeReserved', 'ChargeRefunded']);
    expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
  });

  it('lets exactly 25 of 40 concurrent 0.01 calls through on a fresh 0.25 key; the rest get 402 and the balance ends at 0', async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call('/summarize', { text: `Call number ${i}. It has two sentences.`, format: 'short' }, auth)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await balanceMicros(keyId)).toBe(0);
    const refused = await json(responses.find((r) => r.status === 402)!);
    expect(refused).toMatchObject({
      error: expect.stringContaining('insufficient'),
      balance_usd: 0,
      cost_usd: 0.01,
      top_up_url: expect.stringContaining('/buy-credits'),
      x402: { network: 'eip155:8453', accepts: expect.any(Array) },
    });
    expect(refused.x402).toHaveProperty('pay_to');

    await service.subscriber.catchUp();
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    const settled = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => e.type === 'ChargeSettled');
    expect(settled).toHaveLength(25);
  });
});

describe('usage', () => {
  it('reports calls today, total calls, top tools and last use from the projections', async () => {
    const { key, auth } = await generateKey(service.baseUrl);
    for (const path of ['/sentiment', '/sentiment', '/keywords']) expect((await call(path, { text: 'Usage counting text.' }, auth)).status).toBe(200);
    const usage = await waitFor(async () => {
      const body = await json(fetch(`${service.baseUrl}/api/usage?key=${key}`));
      // A call's row appears when it starts and gets its charge when it completes: wait for all three charges.
      const spent = (body.top_tools as { spent_usd: number }[]).reduce((sum, t) => sum + Math.round(t.spent_usd * 1e6), 0);
      return body.total_calls === 3 && spent === 15_000 ? body : undefined;
    }, 'the calls projection');
    expect(usage).toMatchObject({ key: expect.stringMatching(/^apk_.{4}….{4}$/), calls_today: 3, total_calls: 3, balance_usd: 0.235 });
    expect(usage.top_tools).toEqual([
      { tool: 'sentiment', calls: 2, spent_usd: 0.01 },
      { tool: 'keywords', calls: 1, spent_usd: 0.005 },
    ]);
    expect(new Date(usage.last_used_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(new Date(usage.created_at).getTime()).toBeLessThanOrEqual(new Date(usage.last_used_at).getTime());
  });
});

describe('top-ups', () => {
  it('need the operator token, a real key and an amount USDC can hold', async () => {
    const { key } = await generateKey(service.baseUrl);
    expect((await topUp(service.baseUrl, 'wrong', key, 1)).status).toBe(401);
    expect((await topUp(service.baseUrl, service.config.adminToken, `apk_${'x'.repeat(43)}`, 1)).status).toBe(404);
    const tooPrecise = await topUp(service.baseUrl, service.config.adminToken, key, '0.0000001');
    expect(tooPrecise.status).toBe(400);
    const ok = await json(topUp(service.baseUrl, service.config.adminToken, key, '10.5'));
    expect(ok).toEqual({ key: expect.any(String), added_usd: 10.5, balance_usd: 10.75 });
  });
});

describe('free tier', () => {
  it('counts in the event store, across an API restart, then answers 402 with how to pay', async () => {
    const first = await startTestService({ env: { FREE_TIER_DAILY: '2' }, keepDatabase: true });
    const database = first.database;
    let second: TestService | undefined;
    try {
      const anon = (base: string) =>
        fetch(`${base}/keywords`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'free tier text' }) });
      expect((await anon(first.baseUrl)).status).toBe(200);
      await first.stop();
      second = await startTestService({ env: { FREE_TIER_DAILY: '2' }, database });
      expect(await json(fetch(`${second.baseUrl}/free-tier/status`))).toMatchObject({ daily_limit: 2, used: 1, remaining: 1 });
      expect((await anon(second.baseUrl)).status).toBe(200);
      const refused = await anon(second.baseUrl);
      expect(refused.status).toBe(402);
      expect(await json(refused)).toMatchObject({
        error: expect.stringContaining('free tier'),
        balance_usd: null,
        cost_usd: 0.005,
        free_tier: { remaining: 0, resets_at: expect.any(String) },
      });
    } finally {
      await second?.stop();
      await database.drop();
    }
  });

  it('records free_tier_exhausted when a burst runs past the limit, and never lets the burst exceed it', async () => {
    const burst = await startTestService({ env: { FREE_TIER_DAILY: '3' } });
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${burst.baseUrl}/keywords`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"burst"}' }),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
      expect(responses.filter((r) => r.status === 402)).toHaveLength(7);
      const exhausted = await sql<{ n: number }>`select count(*)::int as n from events where type = 'FreeTierExhausted'`.execute(burst.database.db);
      expect(exhausted.rows[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      await burst.stop();
    }
  });
});

describe('metered pricing', () => {
  it("reserves the most a call can cost, then charges its tokens at the model's price plus markup, to the micro-dollar", async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const callId = keyCallId(keyId, requestId);
    const response = await call(
      '/sentiment',
      { text: 'Metered calls pay for their tokens, not a flat price.' },
      { ...auth, 'X-Pricing': 'metered', 'X-Request-Id': requestId },
    );
    expect(response.status).toBe(200);
    const meta = (await json(response))._meta;
    const { input, output } = meta.tokens as { input: number; output: number };
    // local rates 0.10 / 0.40 USD per million tokens, 20% markup, 0.0001 USD minimum
    const base = Math.ceil((input * 100_000 + output * 400_000) / 1_000_000);
    const expected = Math.max(100, Math.ceil((base * 120) / 100));
    expect(meta).toMatchObject({ pricing: 'metered', cost_usd: expected / 1e6 });
    expect(await balanceMicros(keyId)).toBe(250_000 - expected);
    const money = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
    expect(money.map((e) => e.type)).toEqual(['ChargeReserved', 'ChargeSettled']);
    const [reserved, settled] = money.map((e) => e.data as { amountMicros?: number; reservedMicros?: number; chargedMicros?: number });
    expect(reserved!.amountMicros).toBeGreaterThanOrEqual(expected);
    expect(settled).toMatchObject({ reservedMicros: reserved!.amountMicros, chargedMicros: expected });
  });

  it('refuses an unknown pricing mode', async () => {
    const { auth } = await generateKey(service.baseUrl);
    const response = await call('/sentiment', { text: 'x' }, { ...auth, 'X-Pricing': 'whatever' });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toContain('X-Pricing');
  });
});

describe('premium tools and key rate limits', () => {
  it('answers 403 for a premium tool without a paid key where x402 is off, with hint, upgrade_url and why x402 cannot pay it', async () => {
    // A configured provider (never reached: the call is refused first), so /research is servable at all.
    const premium = await startTestService({ env: modelEnv('http://127.0.0.1:9/v1') });
    try {
      const response = await fetch(`${premium.baseUrl}/research`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"topic":"durable execution"}',
      });
      expect(response.status).toBe(403);
      const body = await json(response);
      expect(body).toMatchObject({ error: expect.stringContaining('premium'), hint: expect.any(String), upgrade_url: expect.stringContaining('/buy-credits') });
      expect(body.x402).toMatchObject({ network: 'eip155:8453', accepts: [], unavailable: 'no chain in this test' });
      expect(await json(fetch(`${premium.baseUrl}/free-tier/status`))).toMatchObject({ used: 0 });
    } finally {
      await premium.stop();
    }
  });

  it('gives a key its own, larger window than an IP gets', async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '2', KEY_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const { auth } = await generateKey(limited.baseUrl);
      const anonymous = [];
      for (let i = 0; i < 2; i++) anonymous.push((await fetch(`${limited.baseUrl}/free/time`)).status);
      expect(anonymous).toEqual([200, 429]); // generate-key spent the first of the IP's two
      const keyed = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${limited.baseUrl}/free/time`, { headers: auth });
        keyed.push(response.status);
        if (i === 0) expect(response.headers.get('x-ratelimit-limit')).toBe('5');
      }
      expect(keyed).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});
