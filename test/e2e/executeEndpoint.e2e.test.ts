import { readStream } from '../../core/eventStore';
import { byName } from '../../schema/registry';
import { balanceRow, generateKey } from '../support/accounts';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { FREE_TIER_DAILY: '5' } });
});
afterAll(() => service.stop());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const SENTIMENT = { text: 'I love this product, it works great.', model: 'local' };
const PRICE = byName.get('sentiment')!.price;

async function moneyOf(keyId: string, callId: string): Promise<string[]> {
  const events = await readStream(service.database.db, `account-${keyId}`);
  return events.filter((e) => 'callId' in e.data && e.data.callId === callId).map((e) => e.type);
}

describe('POST /execute/{endpoint_id}', () => {
  it("runs a tool by id and charges exactly like the tool's own route, answering the tutorial's shape", async () => {
    const own = await generateKey(service.baseUrl);
    const viaExecute = await generateKey(service.baseUrl);
    const direct = await post('/sentiment', SENTIMENT, { ...own.auth, 'X-Request-Id': `own-${Date.now()}` });
    const executed = await post('/execute/sentiment', { input: SENTIMENT }, viaExecute.auth);
    expect([direct.status, executed.status]).toEqual([200, 200]);
    const { _meta: directMeta, ...directOutput } = await json(direct);
    const body = await json(executed);
    expect(body).toMatchObject({
      endpoint_id: 'sentiment',
      output: directOutput,
      credits_charged: PRICE / 1000,
      cost_usd: PRICE / 1e6,
      transaction_id: expect.any(String),
      _meta: { endpoint: '/sentiment', cost_usd: directMeta.cost_usd },
    });
    expect(body.tokens_used).toBeGreaterThan(0);

    const [ownBalance, executeBalance] = await Promise.all([balanceRow(service.database.db, own.keyId), balanceRow(service.database.db, viaExecute.keyId)]);
    expect(Number(executeBalance.available_micros)).toBe(Number(ownBalance.available_micros));
    expect(Number(executeBalance.available_micros)).toBe(250_000 - PRICE);
    expect(await moneyOf(viaExecute.keyId, body.transaction_id)).toEqual(['ChargeReserved', 'ChargeSettled']);
    expect((await readStream(service.database.db, `call-${body.transaction_id}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
  });

  it('spends the free tier as the own route does, and refuses premium tools without a paid key (403: x402 is off here)', async () => {
    const used = async () => (await json(fetch(`${service.baseUrl}/free-tier/status`))).used as number;
    const before = await used();
    expect((await post('/execute/sentiment', { input: SENTIMENT })).status).toBe(200);
    expect(await used()).toBe(before + 1);
    const premium = await post('/execute/scrape', { input: { url: 'https://example.com/' } });
    expect(premium.status).toBe(403);
  });

  it('checks the input as the tool does, knows MCP-style ids, and answers 404 for an id that is no paid tool', async () => {
    const key = await generateKey(service.baseUrl);
    const bad = await post('/execute/sentiment', { input: {} }, key.auth);
    expect([bad.status, (await json(bad)).error]).toEqual([400, 'input: missing required field "text"']);
    const mcpStyle = await post('/execute/code_run', { input: {} }, key.auth);
    expect([mcpStyle.status, (await json(mcpStyle)).error]).toEqual([400, 'input: missing required field "code"']);
    const unknown = await post('/execute/sentimnet', { input: SENTIMENT }, key.auth);
    expect([unknown.status, (await json(unknown)).suggestion]).toEqual([404, 'sentiment']);
    expect((await post('/execute/health', {}, key.auth)).status).toBe(404);
    expect(Number((await balanceRow(service.database.db, key.keyId)).available_micros)).toBe(250_000);
  });
});

// Issue 41, item 13: the route's own check judged /execute itself, so a key allowed /sentiment was refused /execute/sentiment.
describe('a key limited to some tools (allowed_tools), running a tool by its id', () => {
  it('may run /execute/sentiment (charged), is refused /execute/keywords (403 tool_not_allowed, nothing charged); /async/submit alike', async () => {
    const manager = await generateKey(service.baseUrl, 'manager');
    const created = await post('/auth/keys', { label: 'narrow', allowed_tools: ['/sentiment'] }, manager.auth);
    expect(created.status).toBe(200);
    const narrow = { Authorization: `Bearer ${(await json(created)).key}` };
    const balance = async () => Number((await balanceRow(service.database.db, manager.keyId)).available_micros);
    const before = await balance();

    const executed = await post('/execute/sentiment', { input: SENTIMENT }, narrow);
    const body = await json(executed);
    expect([executed.status, body.endpoint_id, body.cost_usd]).toEqual([200, 'sentiment', PRICE / 1e6]);
    expect(await moneyOf(manager.keyId, body.transaction_id)).toEqual(['ChargeReserved', 'ChargeSettled']);
    expect(await balance()).toBe(before - PRICE);

    const refused = await post('/execute/keywords', { input: { text: 'limits, keys, tools', model: 'local' } }, narrow);
    expect([refused.status, await json(refused)]).toEqual([
      403,
      expect.objectContaining({ code: 'tool_not_allowed', error: expect.stringContaining('/keywords'), allowed_tools: ['/sentiment'] }),
    ]);
    expect(await balance()).toBe(before - PRICE);

    // The background route runs a tool by name too: judged by that tool, refused before any job is recorded.
    const submitted = await post('/async/submit', { tool: 'sentiment', params: SENTIMENT }, narrow);
    expect(submitted.status).toBeLessThan(300);
    const notAllowed = await post('/async/submit', { tool: 'keywords', params: { text: 'limits, keys, tools' } }, narrow);
    expect([notAllowed.status, (await json(notAllowed)).code]).toEqual([403, 'tool_not_allowed']);
  });

  it('is the registry saying which input field names the tool: each such endpoint takes that field, required', () => {
    const runners = [...byName.values()].filter((entry) => entry.runsToolNamedBy !== undefined);
    expect(runners.map((entry) => [entry.name, entry.runsToolNamedBy])).toEqual([
      ['execute', 'endpoint_id'],
      ['async/submit', 'tool'],
    ]);
    for (const entry of runners) expect(entry.input.required).toContain(entry.runsToolNamedBy);
  });
});

describe('POST /buy-credits', () => {
  it('answers 400 listing the supported methods for any other payment_method', async () => {
    const response = await post('/buy-credits', { amount_usd: 5, payment_method: 'card' });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: 'payment_method "card" is not supported; supported: x402', supported_payment_methods: ['x402'] });
  });

  it('with x402 and no payment answers 402 for the amount, like /credits/buy; GET still serves the page', async () => {
    const response = await post('/buy-credits', { amount_usd: 5, payment_method: 'x402' });
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ cost_usd: 5, x402: expect.any(Object) });
    const page = await fetch(`${service.baseUrl}/buy-credits`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  });
});
