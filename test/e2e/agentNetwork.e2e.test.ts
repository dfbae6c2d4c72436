import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { MEMORY_LIMITS } from '../../schema/memory/memoryLimits';
import { registry } from '../../schema/registry';
import { generateKey, type TestKey } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
let net: ReturnType<typeof agentNetwork>;
let alice: TestKey;
let bob: TestKey;
let aliceAgent: string;
let bobAgent: string;
beforeAll(async () => {
  service = await startTestService({ env: { ...modelEnv(), BROADCASTS_PER_HOUR: '2' } });
  net = agentNetwork(service.baseUrl);
  [alice, bob] = await Promise.all([generateKey(service.baseUrl, 'alice'), generateKey(service.baseUrl, 'bob')]);
  [aliceAgent, bobAgent] = await Promise.all([
    net.register(alice, 'alice-researcher', { description: 'Finds and summarises papers on retrieval', capabilities: ['research', 'summarize'] }),
    net.register(bob, 'bob-coder', { description: 'Writes TypeScript', capabilities: ['code'] }),
  ]);
});
afterAll(() => service.stop());

const priceOf = (name: string) => registry.find((e) => e.name === name)!.price / 1_000_000;

describe('registering agents', () => {
  it('registers an agent owned by the paying key at its price, and lists it for everyone without naming the owner', async () => {
    const before = await net.balance(alice);
    const answer = await net.ok(net.post('/agents/register', { name: 'alice-writer', capabilities: ['write'] }, alice.auth));
    expect(answer).toMatchObject({ agent_id: expect.stringMatching(/^agt_/), name: 'alice-writer', owner_kind: 'key' });
    expect(answer._meta).toMatchObject({ endpoint: '/agents/register', payment: 'key', cost_usd: priceOf('agents/register') });
    expect(await net.balance(alice)).toBeCloseTo(before - priceOf('agents/register'), 6);

    const listed = await net.ok(net.get('/agents?limit=100'));
    const shown = listed.agents.find((a: { agent_id: string }) => a.agent_id === answer.agent_id);
    expect(shown).toMatchObject({ name: 'alice-writer', capabilities: ['write'], owner_kind: 'key', reputation: 0 });
    expect(JSON.stringify(listed)).not.toContain(alice.keyId);
    expect(listed.total).toBeGreaterThanOrEqual(3);
  });

  it('registers once when the same request is sent twice at once: one agent, one charge', async () => {
    const requestId = randomUUID();
    const send = () => net.post('/agents/register', { name: 'twice' }, { ...bob.auth, 'X-Request-Id': requestId });
    const [first, second] = await Promise.all([json(send()), json(send())]);
    expect(first.agent_id).toBe(second.agent_id);
    expect(await readStream(service.database.db, `agent-${first.agent_id}`)).toHaveLength(1);
    const charges = (await readStream(service.database.db, `account-${bob.keyId}`)).filter(
      (e) => e.type === 'ChargeSettled' && e.data.callId === keyCallId(bob.keyId, requestId),
    );
    expect(charges).toHaveLength(1);
  });

  it('asks an anonymous caller to pay (402), since an agent needs an owner', async () => {
    const response = await net.post('/agents/register', { name: 'nobody' });
    expect(response.status).toBe(402);
  });

  it('finds agents by full-text search, the best match first', async () => {
    const found = await net.ok(net.get('/agents/search?q=summarising%20papers'));
    expect(found.agents[0]).toMatchObject({ agent_id: aliceAgent });
    expect(found.agents.map((a: { agent_id: string }) => a.agent_id)).not.toContain(bobAgent);
  });
});

describe('memory', () => {
  it('stores, reads, searches and clears an agent’s memory, and keeps every write and clear in the log', async () => {
    await net.ok(net.post('/memory/set', { agent_id: aliceAgent, key: 'preferences', value: { tone: 'brief', language: 'en' } }, alice.auth));
    const second = await net.ok(net.post('/memory/set', { agent_id: aliceAgent, key: 'preferences', value: { tone: 'formal' } }, alice.auth));
    expect(second).toMatchObject({ version: 2, created: false });
    await net.ok(net.post('/memory/set', { agent_id: aliceAgent, key: 'project-notes', value: 'tone of the report: formal and short' }, alice.auth));
    await net.ok(net.post('/memory/set', { agent_id: aliceAgent, key: 'unrelated', value: 42 }, alice.auth));

    const got = await net.ok(net.post('/memory/get', { agent_id: aliceAgent, key: 'preferences' }, alice.auth));
    expect(got).toMatchObject({ found: true, value: { tone: 'formal' }, version: 2 });
    const missing = await net.ok(net.post('/memory/get', { agent_id: aliceAgent, key: 'nothing-here' }, alice.auth));
    expect(missing).toMatchObject({ found: false, value: null });

    const searched = await net.ok(net.post('/memory/search', { agent_id: aliceAgent, query: 'tone' }, alice.auth));
    expect(searched.results.map((r: { key: string }) => r.key).sort()).toEqual(['preferences', 'project-notes']);
    const byKey = await net.ok(net.post('/memory/search', { agent_id: aliceAgent, query: 'notes formal' }, alice.auth));
    expect(byKey.results[0].key).toBe('project-notes');

    const one = await net.ok(net.post('/memory/clear', { agent_id: aliceAgent, key: 'unrelated' }, alice.auth));
    expect(one).toMatchObject({ cleared: 1, keys: ['unrelated'] });
    const all = await net.ok(net.post('/memory/clear', { agent_id: aliceAgent }, alice.auth));
    expect(all).toMatchObject({ cleared: 2, keys: ['preferences', 'project-notes'] });
    expect(await net.ok(net.post('/memory/get', { agent_id: aliceAgent, key: 'preferences' }, alice.auth))).toMatchObject({ found: false });

    const history = (await readStream(service.database.db, `memory-${aliceAgent}`)).map((e) => e.type);
    expect(history).toEqual(['MemorySet', 'MemorySet', 'MemorySet', 'MemorySet', 'MemoryCleared', 'MemoryCleared']);
  });

  it('refuses a value over the size limit with a 400 and charges nothing', async () => {
    const before = await net.balance(alice);
    const response = await net.post('/memory/set', { agent_id: aliceAgent, key: 'big', value: 'x'.repeat(MEMORY_LIMITS.valueBytes) }, alice.auth);
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(/at most 65536/);
    expect(await net.balance(alice)).toBe(before);
  });

  it('does not let another key read, search, write or clear an agent’s memory: 404, as for no agent, and no charge', async () => {
    await net.ok(net.post('/memory/set', { agent_id: aliceAgent, key: 'secret', value: 'alice only' }, alice.auth));
    const before = await net.balance(bob);
    for (const [path, body] of [
      ['/memory/get', { agent_id: aliceAgent, key: 'secret' }],
      ['/memory/search', { agent_id: aliceAgent, query: 'alice' }],
      ['/memory/set', { agent_id: aliceAgent, key: 'secret', value: 'bob was here' }],
      ['/memory/clear', { agent_id: aliceAgent }],
    ] as const) {
      const response = await net.post(path, body, bob.auth);
      expect([path, response.status]).toEqual([path, 404]);
      expect(JSON.stringify(await json(response))).not.toContain('alice only');
    }
    const unknown = await net.post('/memory/get', { agent_id: 'agt_doesnotexist0000000', key: 'secret' }, bob.auth);
    expect((await json(unknown)).error).toBe(`no agent agt_doesnotexist0000000 of yours`);
    expect(await net.balance(bob)).toBe(before);
    expect(await net.ok(net.post('/memory/get', { agent_id: aliceAgent, key: 'secret' }, alice.auth))).toMatchObject({ value: 'alice only' });
  });
});

describe('messaging', () => {
  it('delivers a message to the recipient’s inbox, unread first, marks it read, and threads the reply back to the sender', async () => {
    const sent = await net.ok(net.post('/message/send', { from: aliceAgent, to: bobAgent, subject: 'Paper', body: 'Can you review my code?' }, alice.auth));
    const inbox = await net.ok(net.get(`/message/inbox/${bobAgent}`, bob.auth));
    expect(inbox.messages[0]).toMatchObject({ message_id: sent.message_id, from: aliceAgent, subject: 'Paper', read: false });
    expect(inbox.marked_read).toBeGreaterThanOrEqual(1);
    const again = await net.ok(net.get(`/message/inbox/${bobAgent}?unread_only=true`, bob.auth));
    expect(again.messages.map((m: { message_id: string }) => m.message_id)).not.toContain(sent.message_id);

    const reply = await net.ok(net.post('/message/reply', { agent_id: bobAgent, message_id: sent.message_id, body: 'Sure, send it.' }, bob.auth));
    expect(reply).toMatchObject({ to: aliceAgent, in_reply_to: sent.message_id, thread_id: sent.message_id });
    const aliceInbox = await net.ok(net.get(`/message/inbox/${aliceAgent}?mark_read=false`, alice.auth));
    expect(aliceInbox.messages.find((m: { message_id: string }) => m.message_id === reply.message_id)).toMatchObject({
      subject: 'Re: Paper',
      body: 'Sure, send it.',
      thread_id: sent.message_id,
    });
  });

  it('keeps inboxes and senders to their owners: another key gets 404 reading, sending as or replying as an agent; no credentials get 401', async () => {
    expect((await net.get(`/message/inbox/${aliceAgent}`, bob.auth)).status).toBe(404);
    expect((await net.get(`/message/inbox/${aliceAgent}`)).status).toBe(401);
    expect((await net.post('/message/send', { from: aliceAgent, to: bobAgent, body: 'forged' }, bob.auth)).status).toBe(404);
    const sent = await net.ok(net.post('/message/send', { from: aliceAgent, to: bobAgent, body: 'for bob' }, alice.auth));
    // Alice sent it, but it is in Bob's inbox: only Bob's agent can answer it.
    expect((await net.post('/message/reply', { agent_id: aliceAgent, message_id: sent.message_id, body: 'me again' }, alice.auth)).status).toBe(404);
    const bobInbox = await net.ok(net.get(`/message/inbox/${bobAgent}?limit=100`, bob.auth));
    expect(bobInbox.messages.map((m: { body: string }) => m.body)).not.toContain('forged');
  });

  it('broadcasts to every registered agent’s inbox through the fan-out workflow, and limits broadcasts per owner', async () => {
    const carol = await generateKey(service.baseUrl, 'carol');
    const carolAgents = await Promise.all(['c1', 'c2', 'c3'].map((name) => net.register(carol, name)));
    const sent = await net.ok(net.post('/message/broadcast', { from: bobAgent, subject: 'Hello all', body: 'Bob is online' }, bob.auth));
    expect(sent).toMatchObject({ broadcast_id: expect.stringMatching(/^bc_/), status: 'delivering' });

    const agents = await service.database.db.withSchema(LIVE_SCHEMA).selectFrom('network_agents').select('agent_id').execute();
    const recipients = agents.map((a) => a.agent_id).filter((id) => id !== bobAgent);
    expect(recipients).toEqual(expect.arrayContaining([aliceAgent, ...carolAgents]));
    const delivered = await waitFor(async () => {
      const row = await service.database.db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('broadcasts')
        .selectAll()
        .where('broadcast_id', '=', sent.broadcast_id)
        .executeTakeFirst();
      return row?.delivered_at ? row : undefined;
    }, 'the broadcast to be delivered');
    expect(delivered.recipients).toBe(recipients.length);
    for (const agent of carolAgents) {
      const inbox = await net.ok(net.get(`/message/inbox/${agent}`, carol.auth));
      expect(inbox.messages).toEqual([expect.objectContaining({ from: bobAgent, body: 'Bob is online', broadcast_id: sent.broadcast_id })]);
    }
    const own = await net.ok(net.get(`/message/inbox/${bobAgent}?limit=100&mark_read=false`, bob.auth));
    expect(own.messages.filter((m: { broadcast_id: string | null }) => m.broadcast_id === sent.broadcast_id)).toEqual([]);

    await net.ok(net.post('/message/broadcast', { from: bobAgent, body: 'second' }, bob.auth));
    const before = await net.balance(bob);
    const third = await net.post('/message/broadcast', { from: bobAgent, body: 'third' }, bob.auth);
    expect(third.status).toBe(429);
    expect(await json(third)).toMatchObject({ error: 'at most 2 broadcasts an hour per owner', limit: 2, retry_after: expect.any(Number) });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await net.balance(bob)).toBe(before);
  });
});

describe('knowledge and reputation', () => {
  it('adds entries, finds them by full-text search with the best match first, and ranks them for trending', async () => {
    const strong = await net.ok(
      net.post(
        '/knowledge/add',
        { agent_id: aliceAgent, title: 'Temporal retries', content: 'Temporal activities retry with exponential backoff.', tags: ['temporal'] },
        alice.auth,
      ),
    );
    await net.ok(
      net.post(
        '/knowledge/add',
        { agent_id: aliceAgent, title: 'Koa middleware', content: 'Errors bubble up; a retry is up to you.', tags: ['koa'] },
        alice.auth,
      ),
    );
    const found = await net.ok(net.get('/knowledge/search?q=retries', bob.auth));
    expect(found.results.length).toBe(2);
    expect(found.results[0]).toMatchObject({ entry_id: strong.entry_id, agent_id: aliceAgent });
    expect(found.results[0].rank).toBeGreaterThan(found.results[1].rank);
    const tagged = await net.ok(net.get('/knowledge/search?q=retry&tag=koa', bob.auth));
    expect(tagged.results.map((r: { title: string }) => r.title)).toEqual(['Koa middleware']);
    expect((await net.get('/knowledge/search?q=retries')).status).toBe(402);

    await net.ok(net.post('/knowledge/vote', { agent_id: bobAgent, entry_id: strong.entry_id, vote: 'up' }, bob.auth));
    const trending = await net.ok(net.get('/knowledge/trending'));
    expect(trending.formula).toContain('(upvotes − downvotes) / (age_hours + 2)^1.5');
    expect(trending.results[0]).toMatchObject({ entry_id: strong.entry_id, upvotes: 1 });
  });

  it('counts one vote per voter per entry: a repeat changes nothing, the other way replaces it, and nobody votes on their own entry', async () => {
    const entry = await net.ok(net.post('/knowledge/add', { agent_id: bobAgent, title: 'Kysely tips', content: 'Use withSchema for projections.' }, bob.auth));
    const vote = (key: TestKey, agent: string, direction: 'up' | 'down') =>
      net.post('/knowledge/vote', { agent_id: agent, entry_id: entry.entry_id, vote: direction }, key.auth);
    expect(await json(vote(alice, aliceAgent, 'up'))).toMatchObject({ upvotes: 1, downvotes: 0, previous: null, changed: true });
    expect(await json(vote(alice, aliceAgent, 'up'))).toMatchObject({ upvotes: 1, downvotes: 0, previous: 'up', changed: false });
    // Another agent of the same owner is the same voter.
    const second = await net.register(alice, 'alice-second');
    expect(await json(vote(alice, second, 'up'))).toMatchObject({ upvotes: 1, downvotes: 0 });
    expect(await json(vote(alice, aliceAgent, 'down'))).toMatchObject({ upvotes: 0, downvotes: 1, previous: 'up', changed: true });
    const own = await vote(bob, bobAgent, 'up');
    expect(own.status).toBe(400);
    expect((await readStream(service.database.db, `knowledge-${entry.entry_id}`)).filter((e) => e.type === 'KnowledgeVoted')).toHaveLength(2);
  });

  it('scores reputation as task_completions×3 + knowledge×1.5 + upvotes×0.5, and ranks the leaderboard by it', async () => {
    const dave = await generateKey(service.baseUrl, 'dave');
    const daveAgent = await net.register(dave, 'dave');
    const entries = await Promise.all(
      ['one', 'two'].map((title) => net.ok(net.post('/knowledge/add', { agent_id: daveAgent, title, content: `about ${title}` }, dave.auth))),
    );
    await net.ok(net.post('/knowledge/vote', { agent_id: aliceAgent, entry_id: entries[0].entry_id, vote: 'up' }, alice.auth));
    await net.ok(net.post('/knowledge/vote', { agent_id: bobAgent, entry_id: entries[0].entry_id, vote: 'up' }, bob.auth));
    await net.ok(net.post('/knowledge/vote', { agent_id: bobAgent, entry_id: entries[1].entry_id, vote: 'down' }, bob.auth));
    const reputation = await waitFor(async () => {
      const parts = await net.ok(net.get(`/agent/reputation/${daveAgent}`));
      return parts.knowledge === 2 && parts.upvotes === 2 && parts.downvotes === 1 ? parts : undefined;
    }, 'the reputation read model to count the entries and votes');
    expect(reputation).toMatchObject({ score: 2 * 1.5 + 2 * 0.5, task_completions: 0, formula: expect.stringContaining('task_completions × 3') });
    const board = await net.ok(net.get('/agents/leaderboard?limit=100'));
    const scores = board.leaderboard.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(board.leaderboard.find((r: { agent_id: string }) => r.agent_id === daveAgent)).toMatchObject({ score: 4 });
    expect((await net.get('/agent/reputation/agt_nobody')).status).toBe(404);
  });
});

describe('what is derived from the registry', () => {
  it('describes all 29 endpoints of the agent network in the OpenAPI document', async () => {
    const doc = await net.ok(net.get('/openapi.json'));
    const operations = [
      ['post', '/agents/register'],
      ['get', '/agents'],
      ['get', '/agents/search'],
      ['get', '/agents/leaderboard'],
      ['get', '/agent/reputation/{agent_id}'],
      ['post', '/agents/challenge'],
      ['post', '/agents/verify'],
      ['get', '/agents/me'],
      ['get', '/agents/{agent_id}/portfolio'],
      ['get', '/marketplace'],
      ['post', '/marketplace/list'],
      ['post', '/marketplace/call'],
      ['post', '/message/send'],
      ['get', '/message/inbox/{agent_id}'],
      ['post', '/message/reply'],
      ['post', '/message/broadcast'],
      ['post', '/knowledge/add'],
      ['get', '/knowledge/search'],
      ['get', '/knowledge/trending'],
      ['post', '/knowledge/vote'],
      ['post', '/task/submit'],
      ['get', '/task/browse'],
      ['post', '/task/claim'],
      ['post', '/task/complete'],
      ['post', '/task/subscribe'],
      ['post', '/memory/set'],
      ['post', '/memory/get'],
      ['post', '/memory/search'],
      ['post', '/memory/clear'],
    ];
    expect(operations).toHaveLength(29);
    for (const [method, path] of operations) expect([method, path, Boolean(doc.paths[path!]?.[method!])]).toEqual([method, path, true]);
    expect(doc.paths['/agents/me'].get.security).toEqual([{ walletSession: [] }]);
    expect(doc.paths['/message/inbox/{agent_id}'].get.security).toEqual(expect.arrayContaining([{ walletSession: [] }, { bearerKey: [] }]));
    expect(doc.paths['/memory/set'].post.responses).toHaveProperty('404');
  });

  it('offers the paid tools over MCP, where they act as the key and refuse the keyless allowance', async () => {
    const connect = async (headers: Record<string, string>) => {
      const client = new Client({ name: 'e2e', version: '1.0.0' });
      // The agent network's group of tools: on one page.
      await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp?tools=agents`), { requestInit: { headers } }));
      return client;
    };
    const client = await connect(alice.auth);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['agents_register', 'memory_set', 'message_broadcast', 'knowledge_vote', 'task_claim', 'marketplace_call']));
    expect(names).not.toContain('message_inbox');
    const stored = (await client.callTool({ name: 'memory_set', arguments: { agent_id: aliceAgent, key: 'via-mcp', value: [1, 2] } })) as CallToolResult;
    expect(stored.isError).toBeFalsy();
    expect(await net.ok(net.post('/memory/get', { agent_id: aliceAgent, key: 'via-mcp' }, alice.auth))).toMatchObject({ value: [1, 2] });
    await client.close();

    const keyless = await connect({});
    const refused = (await keyless.callTool({ name: 'memory_get', arguments: { agent_id: aliceAgent, key: 'via-mcp' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    // No key and no x402 payment: a 402 that says how to act as someone (x402 is off in this service).
    expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({
      http_status: 402,
      error: expect.stringContaining('acts as an identity'),
    });
    await keyless.close();
  });
});

describe('replay', () => {
  it('rebuilds every projection of the agent network from the log without drift', async () => {
    await service.subscriber.catchUp();
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows).toMatchObject({ networkAgents: expect.any(Number), messages: expect.any(Number), knowledgeVotes: expect.any(Number) });
    expect(report.rows.networkAgents).toBeGreaterThanOrEqual(8);
  });
});
