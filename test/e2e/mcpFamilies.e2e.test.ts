import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { mcpCatalogue, mcpToolName, mcpTwinOf } from '../../api/mcp/mcpCatalogue';
import { seedCatalogue } from '../../core/catalog/seedCatalogue';
import { LIVE_SCHEMA } from '../../core/projections';
import { seedStarterSkills } from '../../core/skills/seedStarterSkills';
import { registry } from '../../schema/registry';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { startUpstreamServer, type UpstreamServer } from '../support/upstreamServer';
import { waitFor } from '../support/waitFor';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let service: TestService;
let model: ScriptedModelServer;
let upstream: UpstreamServer;
let key: TestKey;
let client: Client;

beforeAll(async () => {
  model = await startScriptedModelServer();
  upstream = await startUpstreamServer();
  service = await startTestService({
    env: { ...modelEnv(model.baseUrl), SEARCH_PROVIDER: 'brave', SEARCH_BASE_URL: upstream.origin, SEARCH_API_KEY: 'search-key' },
  });
  key = await generateKey(service.baseUrl, 'mcp-families');
  // One call of each family costs more than the trial credit.
  expect((await topUp(service.baseUrl, service.config.adminToken, key.key, 5)).status).toBe(200);
  await seedStarterSkills(service.database.store);
  await seedCatalogue(service.database.store, [
    {
      id: 'local.test:notes',
      title: 'Local notes',
      description: 'Notes of a local test API.',
      categories: ['testing'],
      baseUrl: `${upstream.origin}/api`,
      auth: 'none',
      docsUrl: null,
      specUrl: null,
      licence: null,
      sourceUpdated: null,
      source: 'test',
    },
  ]);
  // The catalogue's read model is async: wait for the entry before calling it.
  await waitFor(
    () => service.database.db.withSchema(LIVE_SCHEMA).selectFrom('catalog_entries').select('id').where('id', '=', 'local.test:notes').executeTakeFirst(),
    'the catalogue entry',
    60_000,
  );
  client = new Client({ name: 'e2e-families', version: '1.0.0', ...offline });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers: key.auth } }));
}, 120_000);
afterAll(async () => {
  await client?.close();
  await service?.stop();
  await model?.close();
  await upstream?.close();
});

/** OpenAI is configured (for the generative families): the others are asked to run offline. */
const offline = { model: 'local' };

/** What a call's structuredContent breaks of the outputSchema tools/list gave for its tool (empty when it holds). */
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const listedSchemas = new Map<string, object>();
function outputSchemaProblems(name: string, structured: unknown): string[] {
  const schema = listedSchemas.get(name);
  if (!schema) return [`${name} has no outputSchema`];
  const validate = ajv.compile(schema);
  return validate(structured) ? [] : (validate.errors ?? []).map((e) => `${name}${e.instancePath} ${e.message ?? ''}`);
}

/**
 * A call that must succeed. The SDK client checks its structuredContent against the outputSchema listed for the tool
 * (and throws when it does not hold); ajv checks it again here, so a schema the SDK would skip is still held to it.
 */
const callWith = async (mcp: Client, name: string, args: Record<string, unknown>) => {
  const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  const output = result.structuredContent as Record<string, unknown>;
  const problems = listedSchemas.size > 0 ? outputSchemaProblems(name, output) : [];
  return { output, meta: result._meta as Record<string, unknown>, problems };
};
const call = (name: string, args: Record<string, unknown>) => callWith(client, name, args);

/** Every page of tools/list, as a host reads it (the SDK client keeps each tool's outputSchema to check results by). */
async function listAll(mcp: Client) {
  const tools = [];
  let cursor: string | undefined;
  do {
    const page = await mcp.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

describe('MCP for every family, through the official MCP client', () => {
  it('lists every paid tool of the registry (its twins aside), well over 100', async () => {
    const tools = await listAll(client);
    for (const tool of tools) listedSchemas.set(tool.name, tool.outputSchema!);
    const names = new Set(tools.map((t) => t.name));
    const paid = registry.filter((e) => (e.price > 0 || e.priceFrom) && !mcpTwinOf(e));
    expect(paid.length).toBeGreaterThan(100);
    expect(paid.map((e) => mcpToolName(e.name)).filter((n) => !names.has(n))).toEqual([]);
    expect(names).toContain('skills_execute');
  });

  it('calls one tool of each family, each billed to the key', async () => {
    upstream.on(
      '/page',
      {
        body: '<html><head><title>Ledgers</title></head><body><article><h1>Ledgers</h1><p>Every change is an event in an append-only ledger, replayed to rebuild state.</p></article></body></html>',
        headers: { 'content-type': 'text/html' },
      },
      { always: { body: '<html><body><p>Ledgers keep every change.</p></body></html>', headers: { 'content-type': 'text/html' } } },
    );
    upstream.on('/dot.png', { body: PNG, headers: { 'content-type': 'image/png' } });
    upstream.on('/api/notes', { body: { notes: ['first'] } });
    upstream.on('/res/v1/web/search', {
      body: { web: { results: [{ title: 'Ledgers', url: 'https://ledgers.example/', description: 'Append-only ledgers.' }] } },
    });

    const agent = (await call('agents_register', { name: 'mcp-family-agent' })).output.agent_id as string;
    const other = (await call('agents_register', { name: 'mcp-family-peer' })).output.agent_id as string;
    const byFamily: Record<string, () => ReturnType<typeof call>> = {
      text: () => call('sentiment', { text: 'Wonderful, quick and kind support.', ...offline }),
      classification: () => call('proofread', { text: 'this is a example of of bad writting.', ...offline }),
      documents: () => call('outline', { text: '# Plan\n\n## Build\nWrite code.\n\n## Ship\nRelease it.', ...offline }),
      structure: () => call('timeline', { text: 'Apollo 11 launched on July 16, 1969. Eagle landed on July 20, 1969.', ...offline }),
      reasoning: () => call('analyze', { text: 'Sales rose 12% in March while support tickets doubled.', ...offline }),
      code: () => call('changelog', { commits: ['feat: stream answers', 'fix: refund cancelled streams'], version: '1.0.0', ...offline }),
      writing: () => {
        model.answer({ text: JSON.stringify({ headlines: [{ headline: 'Billing once, every time' }], best: 'Billing once, every time' }) });
        return call('headline', { text: 'Our API bills each call exactly once.', count: 1 });
      },
      conversation: () => {
        model.answer({ text: 'Audit trails, replays and temporal queries.' });
        return call('chat', { messages: [{ role: 'user', content: 'Name uses of event sourcing.' }] });
      },
      // The local model: this service's provider (a scripted chat server) has no embeddings.
      embeddings: () => call('v1_embeddings', { input: 'Every family answers over MCP.', model: 'local' }),
      vision: () => {
        model.answer({ text: JSON.stringify({ description: 'A single dark pixel.', answer: 'A dot.', objects: ['dot'] }) });
        return call('vision', { image_url: `${upstream.origin}/dot.png`, prompt: 'What is it?' });
      },
      data: () => call('data_color', { color: '#ff0000' }),
      search: () => call('search', { query: 'append-only ledgers', n: 1 }),
      networkAgents: () => call('agents_register', { name: 'mcp-family-third' }),
      memory: () => call('memory_set', { agent_id: agent, key: 'k', value: { via: 'mcp' } }),
      messages: () => call('message_send', { from: agent, to: other, body: 'Hello over MCP.' }),
      knowledge: () => call('knowledge_add', { agent_id: agent, title: 'MCP families', content: 'Every family answers over MCP.' }),
      tasks: () => call('task_submit', { agent_id: agent, title: 'Summarise a paper', reward_usd: 0.01 }),
      marketplace: () => call('marketplace_list', { agent_id: agent, tool: 'summarize', title: 'Summaries', price_usd: 0.02 }),
      scraping: () => call('scrape', { url: `${upstream.origin}/page` }),
      catalog: () => call('api-call', { api_id: 'local.test:notes', path: '/notes' }),
      customAgents: async () => {
        const built = await fetch(`${service.baseUrl}/agents/build`, {
          method: 'POST',
          headers: { ...key.auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'mcp-digest', system_prompt: 'You write a one-line digest.', tools: ['sentiment'] }),
        });
        const { agent_id } = await json(built);
        model.answer({ text: JSON.stringify({ thought: 'I can answer directly.', answer: 'Ledgers keep every change.' }) });
        return call('agents_custom_run', { agent_id, task: 'Write a one-line digest of ledgers.' });
      },
      skills: () => call('skills_execute', { skill: 'meeting-action-items', input: { notes: 'Ana will send the mockups by Friday.' }, ...offline }),
      orchestration: () =>
        call('chain', {
          steps: [
            { action: 'summarize', params: { text: 'One. Two. Three.', format: 'short', ...offline } },
            { action: 'sentiment', params: { text: '{{prev_result}}', ...offline } },
          ],
        }),
    };
    const familiesOffered = new Set(registry.filter((e) => e.mcp && (e.price > 0 || e.priceFrom)).map((e) => e.family));
    expect(Object.keys(byFamily).sort()).toEqual([...familiesOffered].sort());

    const balance = async () => (await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd as number;
    const before = await balance();
    let charged = 0;
    for (const [family, run] of Object.entries(byFamily)) {
      const { output, meta, problems } = await run();
      expect([family, typeof output, meta.payment, problems]).toEqual([family, 'object', 'key', []]);
      charged += meta.cost_usd as number;
    }
    expect(charged).toBeGreaterThan(0);
    // Besides the prices, the task's reward (0.01 USD) is held from the balance until the task completes.
    expect(await balance()).toBeCloseTo(before - charged - 0.01, 6);
    expect(upstream.seenAt('/api/notes')).toHaveLength(1);
    expect(upstream.seenAt('/res/v1/web/search')).toHaveLength(1);
  });

  it('answers each tool that runs offline, called with its registry example, with structuredContent its outputSchema admits', async () => {
    const offlineTools = mcpCatalogue({ config: service.config, x402: null }).tools.filter(
      (t) => !t.annotations.openWorldHint && t.entry.model !== 'generative' && !t.entry.needsIdentity && !t.entry.orchestration && !t.entry.priceFrom,
    );
    expect(offlineTools.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const { name, entry } of offlineTools) {
      const takesModel = 'model' in ((entry.input.properties as object | undefined) ?? {});
      const args = { ...(entry.example ?? {}), ...(takesModel ? offline : {}) };
      problems.push(...(await call(name, args)).problems);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('answers the agent network’s tools, used one after another as agents do, with structuredContent their outputSchema admits', async () => {
    // Another owner claims, completes and votes: nobody claims their own task or votes on their own entry.
    const peerKey = await generateKey(service.baseUrl, 'mcp-families-peer');
    const peer = new Client({ name: 'e2e-families-peer', version: '1.0.0' });
    await peer.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers: peerKey.auth } }));
    await listAll(peer);
    const problems: string[] = [];
    const mine = async (name: string, args: Record<string, unknown>) => {
      const result = await call(name, args);
      problems.push(...result.problems);
      return result.output;
    };
    const theirs = async (name: string, args: Record<string, unknown>) => {
      const result = await callWith(peer, name, args);
      problems.push(...result.problems);
      return result.output;
    };
    try {
      const poster = (await mine('agents_register', { name: 'mcp-net-poster' })).agent_id as string;
      const worker = (await theirs('agents_register', { name: 'mcp-net-worker' })).agent_id as string;
      await mine('memory_set', { agent_id: poster, key: 'plan', value: { step: 1 } });
      expect(await mine('memory_get', { agent_id: poster, key: 'plan' })).toMatchObject({ value: { step: 1 } });
      await mine('memory_search', { agent_id: poster, query: 'plan' });
      await mine('memory_clear', { agent_id: poster, key: 'plan' });

      const sent = await mine('message_send', { from: poster, to: worker, subject: 'Hi', body: 'Can you help?' });
      await theirs('message_reply', { agent_id: worker, message_id: sent.message_id, body: 'Yes.' });
      await mine('message_broadcast', { from: poster, body: 'Hello, network.' });

      const entry = await mine('knowledge_add', { agent_id: poster, title: 'Ledgers', content: 'Append-only ledgers replay to any balance.' });
      await theirs('knowledge_vote', { agent_id: worker, entry_id: entry.entry_id, vote: 'up' });
      await theirs('knowledge_search', { q: 'ledgers' });

      const task = await mine('task_submit', { agent_id: poster, title: 'Summarise a paper' });
      await theirs('task_claim', { agent_id: worker, task_id: task.task_id });
      await theirs('task_complete', { agent_id: worker, task_id: task.task_id, result: { summary: 'Done.' } });
      const other = await mine('task_submit', { agent_id: poster, title: 'Nobody wants this one' });
      await mine('task_cancel', { agent_id: poster, task_id: other.task_id });

      const listing = await mine('marketplace_list', { agent_id: poster, tool: 'sentiment', title: 'Moods', price_usd: 0.02, params: { model: 'local' } });
      expect(await theirs('marketplace_call', { listing_id: listing.listing_id, input: { text: 'Lovely work.' } })).toBeDefined();
      await mine('marketplace_delist', { agent_id: poster, listing_id: listing.listing_id });
    } finally {
      await peer.close();
    }
    expect(problems).toEqual([]);
  });

  it('runs a created skill on a generative tool through the model layer: the filled template is what the model is asked', async () => {
    const created = await fetch(`${service.baseUrl}/skills/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...key.auth },
      body: JSON.stringify({
        name: 'release-tweet',
        description: 'Announce a release in one short post',
        template: 'Announce version {{version}} of {{product}} in one sentence.',
        input_schema: { type: 'object', properties: { version: { type: 'string' }, product: { type: 'string' } }, required: ['version', 'product'] },
        params: { format: 'plain', target_words: 30 },
      }),
    });
    expect(created.status).toBe(200);
    model.answer({ text: JSON.stringify({ title: 'Release', content: 'toolgate 2.0 is out: every call billed once.' }) });
    const { output, meta } = await call('skills_execute', { skill: 'release-tweet', input: { version: '2.0', product: 'toolgate' } });
    expect(output).toMatchObject({ skill: 'release-tweet', tool: 'write', result: { content: 'toolgate 2.0 is out: every call billed once.' } });
    expect(meta).toMatchObject({ endpoint: '/skills/execute', payment: 'key', model: 'gpt-4o-mini' });
    expect(JSON.stringify(model.received.at(-1)!.body.messages)).toContain('Announce version 2.0 of toolgate in one sentence.');
  });
});
