import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { sql } from 'kysely';
import { privateKeyToAccount } from 'viem/accounts';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { parsePrometheusText, type Scrape } from '../support/prometheusText';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';

const TOKEN = 'metrics-token-of-this-test';

let model: ScriptedModelServer;
let local: LocalChain;
let service: TestService;
beforeAll(async () => {
  [model, local] = await Promise.all([startScriptedModelServer(), startLocalChain()]);
  service = await startTestService({ env: { ...modelEnv(model.baseUrl), METRICS_TOKEN: TOKEN, FREE_TIER_DAILY: '2' }, x402: selfHostedX402(local) });
});
afterAll(async () => {
  await service.stop();
  await model.close();
  await local.stop();
});

/** fetch that pays a 402 with the local chain's demo payer, as the official x402 client does. */
const paying = () =>
  wrapFetchWithPayment(
    fetch,
    new x402Client()
      .register('eip155:*', new ExactEvmScheme(privateKeyToAccount(local.chain.payerPrivateKey)))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] }),
  );
const paidPost = (path: string, body: unknown) =>
  paying()(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID() },
    body: JSON.stringify(body),
  });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID(), ...headers },
    body: JSON.stringify(body),
  });

async function scrape(): Promise<Scrape> {
  const response = await fetch(`${service.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parsePrometheusText(await response.text());
}

/** Every event of these types in this service's log, as the ledger recorded them. */
async function events(...types: string[]): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const { rows } = await sql<{
    type: string;
    data: Record<string, unknown>;
  }>`select type, data from events where type in (${sql.join(types)}) order by position`.execute(service.database.db);
  return rows;
}

const total = (rows: { data: Record<string, unknown> }[], field: string) => rows.reduce((sum, row) => sum + Number(row.data[field] ?? 0), 0);

describe('GET /metrics on the API port', () => {
  it('answers only a bearer of METRICS_TOKEN', async () => {
    const anonymous = await fetch(`${service.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    const wrong = await fetch(`${service.baseUrl}/metrics`, { headers: { Authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    const scraped = await scrape();
    expect(scraped.families.get('toolgate_calls_total')).toBe('counter');
    expect(scraped.families.get('toolgate_http_request_duration_seconds')).toBe('histogram');
    // prom-client's process metrics: what an operator reads for memory growth.
    expect(scraped.sum('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('the counters derived from the events', () => {
  let key: TestKey;
  beforeAll(async () => {
    key = await generateKey(service.baseUrl);
    // A metered call holds the most its tokens could cost, more than the trial credit.
    expect((await topUp(service.baseUrl, service.config.adminToken, key.key, 5)).status).toBe(200);
    // Paid by key: three quick offline calls, a flat model call and a metered one (its unused hold comes back) …
    for (let i = 0; i < 3; i++) expect((await post('/sentiment', { text: 'I love it', model: 'local' }, key.auth)).status).toBe(200);
    model.answer({ text: 'Hello!' }, { text: 'Hi.', usage: { prompt: 10, completion: 2 } });
    expect((await post('/chat', { message: 'Hello' }, key.auth)).status).toBe(200);
    expect((await post('/chat', { message: 'Hello' }, { ...key.auth, 'X-Pricing': 'metered' })).status).toBe(200);
    // … a model call whose provider fails every attempt (refunded: nothing charged) …
    expect((await post('/chat', { message: 'Hello' }, key.auth)).status).toBeGreaterThanOrEqual(500);
    // … and the free tier: two calls, then the day's allowance is spent.
    for (let i = 0; i < 2; i++) expect((await post('/sentiment', { text: 'fine', model: 'local' })).status).toBe(200);
    expect((await post('/sentiment', { text: 'fine', model: 'local' })).status).toBe(402);
    // Paid with x402: an offline call settled on chain, a call whose tool fails (its payment released, never taken),
    // and a key bought with USDC (a purchase, not a call: it holds nothing).
    expect((await paidPost('/sentiment', { text: 'Paid on chain.', model: 'local' })).status).toBe(200);
    expect((await paidPost('/regex', { text: 'invoice numbers', model: 'local' })).status).toBeGreaterThanOrEqual(400);
    expect((await paidPost('/credits/buy', { amount_usd: 1 })).status).toBe(200);
  }, 90_000);

  it('count calls by tool, status and payment exactly as the ledger records them', async () => {
    const ended = await events('ToolCallCompleted', 'ToolCallFailed', 'ToolCallRejected');
    const expected = new Map<string, number>();
    for (const { type, data } of ended) {
      const status = type === 'ToolCallCompleted' ? 'completed' : type === 'ToolCallFailed' ? 'failed' : 'rejected';
      const label = `${String(data.tool)} ${status} ${(data.payer as { kind: string }).kind}`;
      expected.set(label, (expected.get(label) ?? 0) + 1);
    }
    const counted = new Map(
      (await scrape()).samples
        .filter((s) => s.name === 'toolgate_calls_total')
        .map((s) => [`${s.labels.tool} ${s.labels.status} ${s.labels.payment}`, s.value]),
    );
    expect(counted).toEqual(expected);
    expect(counted).toEqual(
      new Map([
        ['sentiment completed key', 3],
        ['chat completed key', 2],
        ['chat failed key', 1],
        ['sentiment completed free', 2],
        ['sentiment completed x402', 1],
        ['regex failed x402', 1],
        ['credits/buy completed x402', 1],
      ]),
    );
  });

  it('count money reserved, settled, refunded and granted to the micro-USD the ledger holds', async () => {
    const scraped = await scrape();
    const [reserved, settled, refunded, granted] = await Promise.all([
      events('ChargeReserved'),
      events('ChargeSettled'),
      events('ChargeRefunded'),
      events('CreditGranted'),
    ]);
    // From key balances: what ChargeReserved held, ChargeSettled charged and ChargeRefunded gave back.
    const fromBalances = settled.filter((e) => Number(e.data.reservedMicros) > 0);
    expect(scraped.sum('toolgate_money_reserved_micro_usd_total', { payment: 'key' })).toBe(total(reserved, 'amountMicros'));
    expect(scraped.sum('toolgate_money_reserved_micro_usd_total', { payment: 'key', pricing: 'metered' })).toBeGreaterThan(0);
    expect(scraped.sum('toolgate_money_settled_micro_usd_total', { payment: 'key' })).toBe(total(fromBalances, 'chargedMicros'));
    const meteredUnused = total(fromBalances, 'reservedMicros') - total(fromBalances, 'chargedMicros');
    expect(meteredUnused).toBeGreaterThan(0);
    expect(scraped.sum('toolgate_money_refunded_micro_usd_total', { payment: 'key', reason: 'metered_unused' })).toBe(meteredUnused);
    expect(total(refunded, 'amountMicros')).toBeGreaterThan(0);
    expect(scraped.sum('toolgate_money_refunded_micro_usd_total', { payment: 'key', reason: String(refunded[0]!.data.reason) })).toBe(
      total(refunded, 'amountMicros'),
    );
    // x402: the paid call's and the purchase's payments settled on chain, the failed call's released.
    const [started, received, released] = await Promise.all([events('ToolCallStarted'), events('PaymentReceived'), events('ToolCallFailed')]);
    const x402Started = started.filter((e) => (e.data.payer as { kind: string }).kind === 'x402');
    expect(x402Started.map((e) => e.data.tool)).toEqual(['sentiment', 'regex', 'credits/buy']);
    expect(scraped.sum('toolgate_money_reserved_micro_usd_total', { payment: 'x402' })).toBe(total(x402Started, 'priceMicros'));
    expect(scraped.sum('toolgate_money_settled_micro_usd_total', { payment: 'x402' })).toBe(total(received, 'amountMicros'));
    expect(scraped.sum('toolgate_money_refunded_micro_usd_total', { payment: 'x402' })).toBe(total(released, 'releasedMicros'));
    expect(scraped.sum('toolgate_money_refunded_micro_usd_total', { payment: 'x402' })).toBeGreaterThan(0);
    // For each payment, reserved money is settled, refunded (or taken over) or still held: none is held once every call has ended.
    for (const payment of ['key', 'x402']) {
      expect([
        payment,
        scraped.sum('toolgate_money_settled_micro_usd_total', { payment }) +
          scraped.sum('toolgate_money_refunded_micro_usd_total', { payment }) +
          (payment === 'key' ? scraped.sum('toolgate_money_taken_over_micro_usd_total') : 0),
      ]).toEqual([payment, scraped.sum('toolgate_money_reserved_micro_usd_total', { payment })]);
    }
    expect(scraped.sum('toolgate_credit_granted_micro_usd_total')).toBe(total(granted, 'amountMicros'));
    expect(scraped.sum('toolgate_credit_granted_micro_usd_total', { reason: 'topup' })).toBe(5_000_000);
  });

  it('count free calls used as the free tier records them', async () => {
    const scraped = await scrape();
    expect(scraped.sum('toolgate_free_tier_calls_total', { allowance: 'http', outcome: 'used' })).toBe((await events('FreeCallUsed')).length);
    expect(scraped.sum('toolgate_free_tier_calls_total', { allowance: 'http', outcome: 'used' })).toBe(2);
  });

  it('time the requests by route and status, the tool runs and the provider requests, and show the circuit the failures opened', async () => {
    await fetch(`${service.baseUrl}/no/such/path`);
    const scraped = await scrape();
    expect(scraped.sum('toolgate_http_request_duration_seconds_count', { method: 'POST', route: '/chat', status: '200' })).toBe(2);
    // The free tier's last call, and the x402 client's first try before it paid.
    expect(scraped.sum('toolgate_http_request_duration_seconds_count', { method: 'POST', route: '/sentiment', status: '402' })).toBe(2);
    expect(scraped.sum('toolgate_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(scraped.sum('toolgate_tool_run_duration_seconds_count', { tool: 'sentiment', outcome: 'ok' })).toBe(6);
    expect(scraped.sum('toolgate_tool_run_duration_seconds_count', { tool: 'chat', outcome: 'ok' })).toBe(2);
    // The failing call's three attempts, each one request to the provider, open its circuit.
    expect(scraped.sum('toolgate_tool_run_duration_seconds_count', { tool: 'chat', outcome: 'failed' })).toBe(3);
    expect(scraped.sum('toolgate_upstream_requests_total', { kind: 'model', upstream: 'openai', outcome: 'ok' })).toBe(2);
    expect(scraped.sum('toolgate_upstream_requests_total', { kind: 'model', upstream: 'openai', outcome: 'failed' })).toBe(3);
    expect(scraped.sum('toolgate_upstream_request_duration_seconds_count', { kind: 'model', upstream: 'openai' })).toBe(5);
    expect(scraped.sum('toolgate_provider_circuit_open', { circuit: 'openai' })).toBe(1);
  });
});
