import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readStream } from '../../core/eventStore';
import { registry } from '../../schema/registry';
import { generateKey } from '../support/accounts';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;
beforeAll(async () => {
  // No scraping-platform token: its tools are a configuration gap here.
  service = await startTestService({ env: { MCP_FREE_DAILY: '2', MCP_PAGE_SIZE: '40', APIFY_TOKEN: '' } });
});
afterAll(() => service.stop());

/** The official MCP client over Streamable HTTP, with the headers an MCP host would be configured to send. */
async function connect(headers: Record<string, string> = {}, path = '/mcp'): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}${path}`), { requestInit: { headers } }));
  return client;
}

/** Every page of tools/list, following nextCursor as a host does; the pages' sizes beside. */
async function listAll(client: Client) {
  const tools = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    pages.push(page.tools.length);
    cursor = page.nextCursor;
  } while (cursor);
  return { tools, pages };
}

/** The official v2 client, negotiating the 2026-07-28 revision (server/discover, each request carrying its own envelope). */
async function connectModern(headers: Record<string, string> = {}): Promise<ModernClient> {
  const client = new ModernClient({ name: 'e2e-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new ModernTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

const NEGATIVE = 'This product is terrible. It broke after one day and support never answered.';
const priceOf = (name: string) => registry.find((e) => e.name === name)!.price;
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
const balanceOf = async (key: string) => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: { Authorization: `Bearer ${key}` } }))).balance_usd;

describe('the MCP endpoint', () => {
  it('lists the paid tools from the registry, with their input schemas and prices, and no HTTP-only endpoints', async () => {
    const client = await connect();
    const { tools, pages } = await listAll(client);
    expect(tools.length).toBeGreaterThan(100);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    // MCP_PAGE_SIZE (40 here, 30 by default) tools a page, the rest on the last.
    expect(pages.slice(0, -1).every((n) => n === 40) && pages.at(-1)! <= 40 && pages.length === Math.ceil(tools.length / 40)).toBe(true);
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['sentiment', 'summarize', 'code_run', 'chain', 'research']));
    const scraping = ['scrape', 'scrape_web', 'scrape_website', 'scrape_maps', 'scrape_microblog', 'scrape_photo-network', 'scrape_professional-network'];
    const more = ['scrape_video-search', 'scrape_short-video', 'scrape_ad-library', 'scrape_actor', 'catalog_invoke', 'api-call'];
    expect(names).toEqual(expect.arrayContaining([...scraping, ...more]));
    expect(tools.find((t) => t.name === 'catalog_invoke')!.inputSchema).toMatchObject({ required: ['id'] });
    for (const httpOnly of ['free/uuid', 'free_uuid', 'auth_generate-key', 'stream_research', 'v1_messages', 'health']) expect(names).not.toContain(httpOnly);
    const sentiment = tools.find((t) => t.name === 'sentiment')!;
    expect(sentiment.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['text']) });
    expect(sentiment.description).toContain('0.005 USD');
    expect(sentiment).toMatchObject({
      title: 'Sentiment analysis',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      _meta: { 'toolgate/price': { micro_usd: 5000, usd: 0.005, pay_with: ['api_key', 'mcp_allowance'] } },
      outputSchema: { type: 'object', required: expect.arrayContaining(['polarity']) },
    });
    expect(tools.find((t) => t.name === 'memory_clear')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.every((t) => t.outputSchema?.type === 'object' && t.title && !t.title.startsWith('/'))).toBe(true);
    expect(tools.find((t) => t.name === 'chat')!.inputSchema.properties).not.toHaveProperty('stream');
    await client.close();
  });

  it('runs a call paid by the key the client sends, through the same workflow and ledger as HTTP', async () => {
    const key = await generateKey(service.baseUrl, 'mcp');
    const before = await balanceOf(key.key);
    const client = await connect(key.auth);
    const result = (await client.callTool({ name: 'sentiment', arguments: { content: NEGATIVE } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ polarity: 'negative' });
    expect(JSON.parse(textOf(result))).toMatchObject({ polarity: 'negative' });
    expect(result._meta).toMatchObject({ endpoint: '/sentiment', payment: 'key', network: 'prepaid', model: 'local/lexicon-clauses' });
    const cost = priceOf('sentiment') / 1_000_000;
    expect(result._meta!.cost_usd).toBe(cost);
    expect(await balanceOf(key.key)).toBeCloseTo(before - cost, 6);

    const history = await readStream(service.database.db, `account-${key.keyId}`);
    expect(history.filter((e) => e.type === 'ChargeSettled')).toHaveLength(1);
    await client.close();
  });

  it('spends the daily MCP allowance without a key, apart from the HTTP free tier, and says how to go on when it is used up', async () => {
    const client = await connect({ 'X-Forwarded-For': '198.51.100.7' });
    const first = (await client.callTool({ name: 'keywords', arguments: { text: 'Durable workflows keep payment retries safe.' } })) as CallToolResult;
    const second = (await client.callTool({ name: 'keywords', arguments: { text: 'Event logs rebuild every balance.' } })) as CallToolResult;
    const third = (await client.callTool({ name: 'keywords', arguments: { text: 'One call too many.' } })) as CallToolResult;
    expect(first._meta).toMatchObject({ network: 'mcp-allowance', cost_usd: 0, free_calls_remaining: 1 });
    expect(second._meta).toMatchObject({ free_calls_remaining: 0 });
    expect(third.isError).toBe(true);
    expect(textOf(third)).toMatch(/MCP allowance of 2 calls a day is used up.*API key/);

    const httpFreeTier = await json(fetch(`${service.baseUrl}/free-tier/status`));
    expect(httpFreeTier).toMatchObject({ remaining: service.config.freeTierDaily });
    await client.close();
  });

  it('answers bad arguments, premium tools without a key and unknown tools without running or charging anything', async () => {
    const key = await generateKey(service.baseUrl, 'mcp-refusals');
    const before = await balanceOf(key.key);
    const client = await connect(key.auth);
    const invalid = (await client.callTool({ name: 'sentiment', arguments: { txet: 'typo' } })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect(JSON.parse(textOf(invalid))).toMatchObject({
      http_status: 400,
      error: 'arguments: missing required field "text"',
      hint: expect.stringContaining('/sentiment takes: text'),
    });
    const badModel = (await client.callTool({ name: 'summarize', arguments: { text: 'One. Two.', model: 'gpt-0' } })) as CallToolResult;
    expect(badModel.isError).toBe(true);
    expect(JSON.parse(textOf(badModel))).toMatchObject({ http_status: 400, code: 'unknown_model', error: expect.stringContaining('gpt-0') });
    // A configuration gap says so, with the setting, as over HTTP: a model should not be told to try again later.
    const unconfigured = (await client.callTool({ name: 'scrape_maps', arguments: { query: 'coffee', location: 'Lisbon' } })) as CallToolResult;
    expect(unconfigured.isError).toBe(true);
    const gap = JSON.parse(textOf(unconfigured));
    expect(gap).toMatchObject({ http_status: 503, code: 'not_configured', settings: ['APIFY_TOKEN'] });
    expect(gap).not.toHaveProperty('retry_after');
    expect(await balanceOf(key.key)).toBe(before);
    // The SDK client puts "MCP error -32602: " before the server's message once; the server's message has none of it.
    await expect(client.callTool({ name: 'no-such-tool', arguments: {} })).rejects.toThrow(
      /^MCP error -32602: unknown tool "no-such-tool"; tools\/list names them$/,
    );
    await client.close();

    const anonymous = await connect({ 'X-Forwarded-For': '198.51.100.8' });
    const premium = (await anonymous.callTool({ name: 'research', arguments: { topic: 'event sourcing' } })) as CallToolResult;
    expect(premium.isError).toBe(true);
    expect(textOf(premium)).toContain('premium tool');
    await anonymous.close();
  });

  it('speaks the 2026-07-28 revision to a client that negotiates it: server/discover, then sessionless requests', async () => {
    const key = await generateKey(service.baseUrl, 'mcp-modern');
    const client = await connectModern(key.auth);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getInstructions()).toContain('Authorization: Bearer apk_');
    // No x402 here (the deployment has no payee): the instructions say only the ways it takes.
    expect(client.getInstructions()).not.toContain('x402');
    // The v2 client walks every page itself.
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(100);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['sentiment', 'data_weather', 'chain']));
    const result = await client.callTool({ name: 'sentiment', arguments: { text: NEGATIVE } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ polarity: 'negative' });
    expect(result._meta).toMatchObject({ endpoint: '/sentiment', payment: 'key' });
    await expect(client.callTool({ name: 'no-such-tool', arguments: {} })).rejects.toThrow(/^unknown tool "no-such-tool"; tools\/list names them$/);
    await client.close();
  });

  it('refuses a cursor it did not hand out with -32602, the spec’s answer to an invalid cursor', async () => {
    const client = await connect();
    const first = await client.listTools();
    expect(first.nextCursor).toEqual(expect.any(String));
    await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow(/^MCP error -32602: invalid cursor/);
    // A cursor of another list (a group of fewer tools) is not one of this list's.
    const data = await connect({}, '/mcp?tools=text-ai');
    const cursorOfData = (await data.listTools()).nextCursor!;
    await expect(client.listTools({ cursor: cursorOfData })).rejects.toThrow(/invalid cursor/);
    expect((await client.listTools({ cursor: first.nextCursor })).tools[0]!.name).not.toBe(first.tools[0]!.name);
    await client.close();
    await data.close();
  });

  it('offers a part of the tools at /mcp?tools=<category or family, …>, named in the server’s instructions', async () => {
    const key = await generateKey(service.baseUrl, 'mcp-groups');
    const all = await connect(key.auth);
    expect(all.getInstructions()).toMatch(/This endpoint offers all \d+ tools/);
    expect(all.getInstructions()).toContain(`${service.config.publicBaseUrl}/mcp?tools=`);
    await all.close();

    const scraping = await connect(key.auth, '/mcp?tools=scraping');
    const { tools, pages } = await listAll(scraping);
    expect(pages).toHaveLength(1);
    expect(tools.map((t) => t.name).sort()).toEqual(
      registry
        .filter((e) => e.category === 'scraping' && e.mcp)
        .map((e) => e.name.replace(/\//g, '_'))
        .sort(),
    );
    expect(scraping.getInstructions()).toMatch(/offers the 11 tools of scraping/);
    await expect(scraping.callTool({ name: 'sentiment', arguments: { text: 'Fine.' } })).rejects.toThrow(/"sentiment" is not among the tools asked for/);
    await scraping.close();

    const two = await connect(key.auth, '/mcp?tools=memory,text');
    expect((await listAll(two)).tools.map((t) => t.name)).toEqual([
      'sentiment',
      'keywords',
      'summarize',
      'memory_set',
      'memory_get',
      'memory_search',
      'memory_clear',
    ]);
    const result = (await two.callTool({ name: 'sentiment', arguments: { text: NEGATIVE } })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ polarity: 'negative' });
    await two.close();

    const unknown = await fetch(`${service.baseUrl}/mcp?tools=dat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({
      error: 'tools: no tool group "dat"',
      hint: expect.stringMatching(/^Did you mean "data"\? The groups: text-ai, data, /),
    });
  });

  it('answers an unknown tool with JSON-RPC -32602 whose message is only what went wrong', async () => {
    const response = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'no-such-tool', arguments: {} } }),
    });
    expect(await json(response)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'unknown tool "no-such-tool"; tools/list names them' },
    });
  });

  it('takes POST only (it keeps no sessions), with the API conventions on the HTTP answer', async () => {
    const response = await fetch(`${service.baseUrl}/mcp`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const listed = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-Request-Id': 'mcp-req-1' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-api-version')).toBe('1.9.0');
    expect(listed.headers.get('x-request-id')).toBe('mcp-req-1');
    expect(listed.headers.get('x-ratelimit-limit')).not.toBeNull();
    const page = (await json(listed)).result;
    expect(page.tools).toHaveLength(40);
    expect(page.nextCursor).toEqual(expect.any(String));
  });
});
