import { randomUUID } from 'node:crypto';
import { SendMessageRequest, type Task, TaskState } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, createAuthenticatingFetchWithRetry, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { openApiPath } from '../../api/discovery/openApiDocument';
import { MCP_UNAVAILABLE_META } from '../../api/mcp/mcpAvailability';
import { isA2aSkill } from '../../core/a2a/a2aSkills';
import { readStream } from '../../core/eventStore';
import { SETTINGS } from '../../schema/config';
import { byName, registry } from '../../schema/registry';
import { generateKey, type TestKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * /status, /discover, /openapi.json, the MCP tool list and the A2A card say which tools this deployment can serve and
 * why not, and /status turns degraded when a configured provider fails.
 */
let model: ScriptedModelServer;
let service: TestService;
/** A deployment with no model provider at all (its API alone: nothing here runs a call). */
let bare: TestService;
let key: TestKey;
beforeAll(async () => {
  model = await startScriptedModelServer();
  // OpenAI configured (the loopback model), the platform scrapers' token not.
  [service, bare] = await Promise.all([
    startTestService({ env: { ...modelEnv(model.baseUrl), [SETTINGS.apifyToken.env]: '' } }),
    startTestService({ env: modelEnv(), worker: 'none' }),
  ]);
  key = await generateKey(service.baseUrl);
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await bare?.stop();
  await model.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const get = async (path: string, base = service.baseUrl): Promise<any> => (await fetch(`${base}${path}`)).json();

/** Every tool of the MCP list, page after page, as the official client reads it; by name. */
async function mcpTools(base = service.baseUrl): Promise<Map<string, Tool>> {
  const client = new Client({ name: 'honest-status', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  await client.close();
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/** The operation of a registry tool in /openapi.json. */
async function operationOf(name: string, base = service.baseUrl): Promise<Record<string, unknown>> {
  const entry = byName.get(name)!;
  return (await get('/openapi.json', base)).paths[openApiPath(entry.path)][entry.method.toLowerCase()];
}

/** The service's A2A card as the official SDK's resolver reads it. */
const cardOf = (base = service.baseUrl) => new DefaultAgentCardResolver().resolve(base);
const needsApify = registry.filter((entry) => entry.requires?.includes('apifyToken')).map((entry) => entry.path);
/** Every tool whose own third-party service needs a setting: none of them is set in these deployments. */
const needsSetting = registry.filter((entry) => (entry.requires ?? []).length > 0).map((entry) => entry.path);
/** The lookups whose provider key is unset here (issue 41: they used to be listed as available, then answer 503). */
const KEYED_LOOKUPS = {
  '/search': ['SEARCH_API_KEY'],
  '/web/search': ['SEARCH_API_KEY'],
  '/data/stocks': ['FINNHUB_API_KEY'],
  '/data/forum': ['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'],
  '/data/video/transcript': ['TRANSCRIPT_API_KEY'],
} as const;
type Listed = { path: string; available: boolean; unavailable?: { reason: string } };
const discovered = async (): Promise<Map<string, Listed>> =>
  new Map((Object.values((await get('/discover')).categories) as Listed[][]).flat().map((entry) => [entry.path, entry]));

describe('an honest status', () => {
  it('lists the tools a missing setting keeps from running, with the variable to set, and the configured providers', async () => {
    expect(needsApify.length).toBeGreaterThan(0);
    const status = await get('/status');
    expect(status.status).toBe('operational');
    expect(status.providers).toEqual([{ name: 'openai', state: 'ok' }]);
    const unavailable = new Map(status.tools.unavailable.map((tool: { path: string }) => [tool.path, tool]));
    expect([...unavailable.keys()].sort()).toEqual([...needsSetting].sort());
    expect(unavailable.get('/scrape/maps')).toMatchObject({ reason: 'not_configured', settings: [SETTINGS.apifyToken.env] });
    for (const [path, settings] of Object.entries(KEYED_LOOKUPS)) expect(unavailable.get(path)).toMatchObject({ reason: 'not_configured', settings });
    expect(status.tools).toMatchObject({ total: registry.length, available: registry.length - needsSetting.length });
    const listed = await discovered();
    expect(listed.get('/scrape/maps')).toMatchObject({ available: false, unavailable: { reason: 'not_configured' } });
    expect(listed.get('/chat')).toMatchObject({ available: true });
    expect(listed.get('/chat')).not.toHaveProperty('unavailable');
  });

  it('marks the tools a missing setting keeps from running in the MCP list and /openapi.json, and leaves them off the A2A card', async () => {
    const mcp = await mcpTools();
    // Still listed (a host that kept the list knows the name), but marked: first in the description, and in _meta.
    const maps = mcp.get('scrape_maps')!;
    expect(maps.description).toMatch(/^Cannot run here: APIFY_TOKEN is not set on this service\. .*USD a call/);
    expect(maps._meta?.[MCP_UNAVAILABLE_META]).toMatchObject({ reason: 'not_configured', settings: [SETTINGS.apifyToken.env] });
    const marked = [...mcp.values()].filter((tool) => tool._meta?.[MCP_UNAVAILABLE_META]).map((tool) => tool.name);
    const offeredNeedingSettings = needsSetting
      .map((path) => registry.find((entry) => entry.path === path)!.name.replace(/\//g, '_'))
      .filter((name) => mcp.has(name));
    expect(marked.sort()).toEqual(offeredNeedingSettings.sort());
    expect(mcp.get('chat')!.description).not.toMatch(/Cannot run/);

    expect(await operationOf('scrape/maps')).toMatchObject({
      'x-available': false,
      'x-unavailable': { reason: 'not_configured', settings: [SETTINGS.apifyToken.env], message: expect.stringContaining('APIFY_TOKEN') },
    });
    const chat = await operationOf('chat');
    expect(chat['x-available']).toBe(true);
    expect(chat).not.toHaveProperty('x-unavailable');

    const card = await cardOf();
    const skills = new Set(card.skills.map((skill) => skill.id));
    const unsetSkills = registry.filter((entry) => isA2aSkill(entry) && needsSetting.includes(entry.path));
    expect(unsetSkills.length).toBeGreaterThan(0);
    for (const entry of unsetSkills) expect([entry.name, skills.has(entry.name)]).toEqual([entry.name, false]);
    expect(skills).toContain('chat');
    expect(card.skills.length).toBe(registry.filter(isA2aSkill).length - unsetSkills.length);
    expect(card.description).toContain(`${unsetSkills.length} skills this deployment cannot run now are left out`);
  });

  it('turns degraded when the configured provider fails, naming it, and marks the tools only it could serve', async () => {
    // No scripted answers: the loopback provider answers 500 until the worker's circuit on it opens.
    await waitFor(
      async () => {
        const response = await fetch(`${service.baseUrl}/chat`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': randomUUID(), ...key.auth },
          body: JSON.stringify({ message: 'Hello' }),
        });
        expect(response.status).toBeGreaterThanOrEqual(500);
        return (await get('/status')).status === 'degraded';
      },
      'the provider’s circuit to open',
      60_000,
    );
    const status = await get('/status');
    expect(status.components).toMatchObject({ database: 'ok', temporal: 'ok' });
    expect(status.providers).toEqual([expect.objectContaining({ name: 'openai', state: 'failing', failing_until: expect.any(String) })]);
    const unavailable = new Map(status.tools.unavailable.map((tool: { path: string }) => [tool.path, tool]));
    expect(unavailable.get('/chat')).toMatchObject({ reason: 'provider_failing', message: expect.stringContaining('openai') });
    // The offline provider still serves what it can.
    expect(unavailable.has('/sentiment')).toBe(false);
    expect((await discovered()).get('/chat')).toMatchObject({ available: false, unavailable: { reason: 'provider_failing' } });

    // The tool lists say the same, from the same reading.
    const mcp = await mcpTools();
    expect(mcp.get('chat')!.description).toMatch(/^Cannot run here now: openai is failing\. /);
    expect(mcp.get('chat')!._meta?.[MCP_UNAVAILABLE_META]).toMatchObject({ reason: 'provider_failing', providers: ['openai'] });
    expect(mcp.get('sentiment')!._meta).not.toHaveProperty(MCP_UNAVAILABLE_META);
    expect(await operationOf('chat')).toMatchObject({ 'x-available': false, 'x-unavailable': { reason: 'provider_failing', providers: ['openai'] } });
    expect(await operationOf('sentiment')).toMatchObject({ 'x-available': true });
    const skills = new Set((await cardOf()).skills.map((skill) => skill.id));
    expect(skills.has('chat')).toBe(false);
    expect(skills.has('sentiment')).toBe(true);
  });

  it('marks what a deployment without a model provider cannot run, in every list, with the settings to set', async () => {
    const status = await get('/status', bare.baseUrl);
    expect(status.providers).toEqual([]);
    const unavailable = new Map(status.tools.unavailable.map((tool: { path: string }) => [tool.path, tool]));
    expect(unavailable.get('/chat')).toMatchObject({ reason: 'not_configured', settings: expect.arrayContaining(['OPENAI_API_KEY']) });
    expect(unavailable.has('/sentiment')).toBe(false);

    const chat = (await mcpTools(bare.baseUrl)).get('chat')!;
    expect(chat.description).toMatch(/^Cannot run here: this tool needs a generative model and no model provider is configured for it\. /);
    expect(chat._meta?.[MCP_UNAVAILABLE_META]).toMatchObject({ reason: 'not_configured' });
    expect(await operationOf('chat', bare.baseUrl)).toMatchObject({ 'x-available': false, 'x-unavailable': { reason: 'not_configured' } });
    expect(await operationOf('sentiment', bare.baseUrl)).toMatchObject({ 'x-available': true });
    const card = await cardOf(bare.baseUrl);
    const skills = new Set(card.skills.map((skill) => skill.id));
    expect(skills.has('chat')).toBe(false);
    expect(skills.has('sentiment')).toBe(true);
    // Every skill left out is one /status names.
    const left = registry.filter((entry) => isA2aSkill(entry) && !skills.has(entry.name));
    for (const entry of left) expect([entry.path, unavailable.has(entry.path)]).toEqual([entry.path, true]);
  });
});

describe('a lookup whose provider key is not set', () => {
  it.each(Object.entries(KEYED_LOOKUPS))('%s is refused 503 not_configured before anything is held, and counts as no call', async (path, settings) => {
    const payer = await generateKey(service.baseUrl);
    const entry = registry.find((e) => e.path === path)!;
    const example = entry.example ?? {};
    const requestId = randomUUID();
    const response =
      entry.method === 'GET'
        ? await fetch(`${service.baseUrl}${path}?${new URLSearchParams(example as Record<string, string>)}`, {
            headers: { ...payer.auth, 'X-Request-Id': requestId },
          })
        : await fetch(`${service.baseUrl}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...payer.auth },
            body: JSON.stringify(example),
          });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(await response.json()).toMatchObject({ code: 'not_configured', settings });
    // Nothing was reserved, run or refunded: no call stream, no money moved on the account.
    expect(await readStream(service.database.db, `call-${keyCallId(payer.keyId, requestId)}`)).toEqual([]);
    const moved = (await readStream(service.database.db, `account-${payer.keyId}`)).filter((e) => e.type !== 'AccountOpened' && e.type !== 'CreditGranted');
    expect(moved).toEqual([]);
  });

  it('ends an A2A task for it REJECTED, not FAILED, and holds nothing', async () => {
    const payer = await generateKey(service.baseUrl);
    // The card names the endpoint at PUBLIC_BASE_URL (http://api.test here): sent to this service instead.
    const here: typeof fetch = (url, init) => fetch(String(url).replace(service.config.publicBaseUrl, service.baseUrl), init);
    const fetchImpl = createAuthenticatingFetchWithRetry(here, { headers: async () => payer.auth, shouldRetryWithHeaders: async () => undefined });
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl })] }),
    );
    const client = await factory.createFromUrl(service.baseUrl);
    const sent = SendMessageRequest.fromJSON({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill: 'search', input: { query: 'event sourcing' } } }] },
    });
    const task = (await client.sendMessage(sent)) as Task;
    expect(TaskState[task.status!.state]).toBe('TASK_STATE_REJECTED');
    const moved = (await readStream(service.database.db, `account-${payer.keyId}`)).filter((e) => e.type === 'ChargeReserved' && e.data.tool === 'search');
    expect(moved).toEqual([]);
  });
});
