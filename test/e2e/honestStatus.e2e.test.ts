import { randomUUID } from 'node:crypto';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { openApiPath } from '../../api/discovery/openApiDocument';
import { MCP_UNAVAILABLE_META } from '../../api/mcp/mcpAvailability';
import { isA2aSkill } from '../../core/a2a/a2aSkills';
import { SETTINGS } from '../../schema/config';
import { byName, registry } from '../../schema/registry';
import { generateKey, type TestKey } from '../support/accounts';
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
    expect([...unavailable.keys()].sort()).toEqual([...needsApify].sort());
    expect(unavailable.get('/scrape/maps')).toMatchObject({ reason: 'not_configured', settings: [SETTINGS.apifyToken.env] });
    expect(status.tools).toMatchObject({ total: registry.length, available: registry.length - needsApify.length });
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
    const offeredNeedingApify = needsApify
      .map((path) => registry.find((entry) => entry.path === path)!.name.replace(/\//g, '_'))
      .filter((name) => mcp.has(name));
    expect(marked.sort()).toEqual(offeredNeedingApify.sort());
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
    const apifySkills = registry.filter((entry) => isA2aSkill(entry) && needsApify.includes(entry.path));
    expect(apifySkills.length).toBeGreaterThan(0);
    for (const entry of apifySkills) expect([entry.name, skills.has(entry.name)]).toEqual([entry.name, false]);
    expect(skills).toContain('chat');
    expect(card.skills.length).toBe(registry.filter(isA2aSkill).length - apifySkills.length);
    expect(card.description).toContain(`${apifySkills.length} skills this deployment cannot run now are left out`);
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
