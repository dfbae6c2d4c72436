import { HTTPFacilitatorClient } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  type DiscoveredHTTPResource,
  type DiscoveryExtension,
  type DiscoveryResource,
  extractDiscoveryInfo,
  extractDiscoveryInfoFromExtension,
  validateDiscoveryExtension,
  withBazaar,
} from '@x402/extensions/bazaar';
import { x402Client, x402HTTPClient } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { listPriceOf } from '../../core/ledger/pricing';
import { byName, registry } from '../../schema/registry';
import { json } from '../support/json';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { startTestService, type TestService } from '../support/testService';

/**
 * Issue 35, item 2: every paid route declares the Bazaar discovery extension (its input and output schemas from the
 * registry), the facilitator's discovery list and /.well-known/x402.json list them, and the official
 * @x402/extensions helpers read all three.
 */
let local: LocalChain;
let service: TestService;
let offline: TestService;

beforeAll(async () => {
  local = await startLocalChain();
  const runtime = selfHostedX402(local);
  // No free tier: a call without a key is asked to pay at once.
  [service, offline] = await Promise.all([startTestService({ env: { FREE_TIER_DAILY: '0' }, x402: runtime }), startTestService({})]);
}, 120_000);
afterAll(async () => {
  await Promise.all([service?.stop(), offline?.stop()]);
  await local?.stop();
});

const bazaar = () => withBazaar(new HTTPFacilitatorClient({ url: service.baseUrl })).extensions.bazaar;
const sentimentPrice = () => String(listPriceOf(byName.get('sentiment')!, service.config));
/**
 * Every paid HTTP route this deployment can serve now: /status's reading leaves out what it cannot (here, with no model
 * provider and no search, scraping or data keys: /chat, /write, /search …), which the list must not offer either.
 */
async function paidHttpRoutes(): Promise<string[]> {
  const status = await json(fetch(`${service.baseUrl}/status`));
  const unavailable = new Set((status.tools.unavailable as { path: string }[]).map((tool) => tool.path));
  expect([...unavailable]).toEqual(expect.arrayContaining(['/chat', '/write', '/search', '/scrape/maps']));
  return registry
    .filter((entry) => entry.execution !== 'inline' && !entry.priceFrom && listPriceOf(entry, service.config) > 0 && !unavailable.has(entry.path))
    .map((e) => e.path);
}

function expectSentiment(item: DiscoveryResource | undefined): void {
  expect(item).toMatchObject({
    resource: `${service.config.publicBaseUrl}/sentiment`,
    type: 'http',
    x402Version: 2,
    accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: sentimentPrice(), asset: local.chain.asset, payTo: local.chain.payTo }],
  });
  const extension = item!.extensions!.bazaar as DiscoveryExtension;
  expect(validateDiscoveryExtension(extension)).toEqual({ valid: true });
  const info = extractDiscoveryInfoFromExtension(extension, true);
  expect(info.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json', body: byName.get('sentiment')!.example });
  const schema = extension.schema as unknown as {
    properties: { input: { properties: Record<string, unknown> }; output: { properties: Record<string, unknown> } };
  };
  // The input schema is the route's public one: `text` is required under its name or its alias; the output, the registry's.
  // One object of every field, and beside it (allOf) what a field list cannot say: `text` under any of its names.
  const body = schema.properties.input.properties.body as { allOf: [{ properties: Record<string, unknown> }, ...unknown[]] };
  expect(body.allOf[0].properties).toMatchObject({ text: { type: 'string' }, content: { description: 'Alias of `text`.' } });
  expect(body.allOf).toContainEqual({ anyOf: [{ required: ['text'] }, { required: ['content'] }] });
  expect(schema.properties.output.properties.example).toEqual(byName.get('sentiment')!.output);
}

describe('the facilitator discovery list (GET /discovery/resources)', () => {
  it('is read page by page with the official Bazaar client, and holds /sentiment with its schemas and price', async () => {
    const seen: DiscoveryResource[] = [];
    let total = Infinity;
    for (let offset = 0; offset < total; offset += 25) {
      const page = await bazaar().listResources({ type: 'http', limit: 25, offset });
      expect(page.x402Version).toBe(2);
      expect(page.pagination).toMatchObject({ limit: 25, offset });
      expect(page.items.length).toBeLessThanOrEqual(25);
      total = page.pagination.total;
      seen.push(...page.items);
    }
    // Pages neither skip nor repeat, and every paid HTTP route is listed once.
    expect(seen.map((item) => item.resource).sort()).toEqual((await paidHttpRoutes()).map((path) => `${service.config.publicBaseUrl}${path}`).sort());
    expectSentiment(seen.find((item) => item.resource.endsWith('/sentiment')));
  });

  it('lists the MCP tools too, each with its MCP name and input schema', async () => {
    const page = await bazaar().listResources({ type: 'mcp', limit: 200 });
    expect(page.items.length).toBeGreaterThan(10);
    expect(page.items.every((item) => item.type === 'mcp' && item.resource === `${service.config.publicBaseUrl}/mcp`)).toBe(true);
    const sentiment = page.items.find((item) => (item.extensions!.bazaar as { info: { input: { toolName: string } } }).info.input.toolName === 'sentiment');
    const info = extractDiscoveryInfoFromExtension(sentiment!.extensions!.bazaar as DiscoveryExtension, true);
    expect(info.input).toMatchObject({ type: 'mcp', toolName: 'sentiment', transport: 'streamable-http', inputSchema: { required: ['text'] } });
    expect(sentiment!.accepts[0]).toMatchObject({ amount: sentimentPrice() });
  });

  it('refuses a page it cannot give with a clear 400, and says when x402 is off (503 not_configured)', async () => {
    const bad = await fetch(`${service.baseUrl}/discovery/resources?limit=0`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.stringMatching(/limit/) });
    const off = await fetch(`${offline.baseUrl}/discovery/resources`);
    expect(off.status).toBe(503);
    expect(off.headers.get('retry-after')).toBeNull();
    expect(await off.json()).toMatchObject({ status: 'not_configured' });
  });
});

describe('the 402 of a paid route', () => {
  it('declares the extension, which the official client echoes in its payment, a facilitator reads back, and the service takes', async () => {
    const response = await fetch(`${service.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'found in the bazaar' }),
    });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { x402: { extensions: Record<string, unknown> } };
    const client = new x402Client()
      .register('eip155:*', new ExactEvmScheme(privateKeyToAccount(local.chain.payerPrivateKey)))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] });
    const required: PaymentRequired = new x402HTTPClient(client).getPaymentRequiredResponse((name) => response.headers.get(name), body);
    expect(required.extensions?.bazaar).toBeDefined();
    expect(body.x402.extensions.bazaar).toEqual(required.extensions!.bazaar);
    const payment = await client.createPaymentPayload(required);
    const found = extractDiscoveryInfo(payment, required.accepts[0]!, true) as DiscoveredHTTPResource;
    expect(found).toMatchObject({ resourceUrl: `${service.config.publicBaseUrl}/sentiment`, method: 'POST', x402Version: 2 });
    expect(found.discoveryInfo.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json' });
    // The payment that echoes the extension is taken as any other.
    const paid = await fetch(`${service.baseUrl}/sentiment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...new x402HTTPClient(client).encodePaymentSignatureHeader(payment) },
      body: JSON.stringify({ text: 'found in the bazaar' }),
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ polarity: expect.any(String) });
  });
});

// Last: the official validator compiles a schema per item, which holds the event loop for a while.
describe('/.well-known/x402.json', () => {
  it('holds every paid route, each with a Bazaar extension the official validator accepts', async () => {
    const document = (await json(await fetch(`${service.baseUrl}/.well-known/x402.json`))) as { x402Version: number; items: DiscoveryResource[] };
    expect(document.x402Version).toBe(2);
    const http = document.items.filter((item) => item.type === 'http');
    expect(http.map((item) => item.resource).sort()).toEqual((await paidHttpRoutes()).map((path) => `${service.config.publicBaseUrl}${path}`).sort());
    const invalid = document.items
      .map((item) => ({ item, verdict: validateDiscoveryExtension(item.extensions!.bazaar as DiscoveryExtension) }))
      .filter(({ verdict }) => !verdict.valid)
      .map(({ item, verdict }) => [item.resource, verdict.errors]);
    expect(invalid).toEqual([]);
    expectSentiment(http.find((item) => item.resource.endsWith('/sentiment')));
  });
});
