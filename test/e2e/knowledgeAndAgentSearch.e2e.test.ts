import { sql } from 'kysely';
import { generateKey, type TestKey } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

// The knowledge base and the agent directory searched by meaning with the real local model and real PostgreSQL + pgvector.
let service: TestService;
let net: ReturnType<typeof agentNetwork>;
let author: TestKey;
let agent: string;
beforeAll(async () => {
  service = await startTestService({ env: modelEnv() });
  net = agentNetwork(service.baseUrl);
  author = await generateKey(service.baseUrl, 'knowledge-author');
  agent = await net.register(author, 'knowledge-writer');
}, 60_000);
afterAll(() => service.stop());

const add = (title: string, content: string, tags: string[]) => net.ok(net.post('/knowledge/add', { agent_id: agent, title, content, tags }, author.auth));
const search = async (q: string, extra = '') =>
  (await net.ok(net.get(`/knowledge/search?q=${encodeURIComponent(q)}${extra}`, author.auth))) as {
    by_meaning: boolean;
    results: { title: string; similarity: number | null; rank: number }[];
  };
const titles = async (q: string, extra = '') => (await search(q, extra)).results.map((r) => r.title);

describe('knowledge search by meaning', () => {
  beforeAll(async () => {
    await add('Rising sea temperatures', 'Surface water in the tropics is two degrees hotter than in 1950, bleaching corals.', ['climate']);
    await add('Retry with backoff', 'Retry failed HTTP requests with exponential backoff and jitter.', ['http']);
    await add('Sourdough starter', 'Feed the starter flour and water every day at room temperature.', ['baking']);
  });

  it('finds an entry by its words at once, and by meaning once the workers have embedded it', async () => {
    expect((await titles('backoff'))[0]).toBe('Retry with backoff');
    await waitFor(
      async () => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from search_vectors where collection = 'knowledge'`.execute(service.database.db);
        return Number(rows[0]!.n) >= 3;
      },
      'the entries embedded',
      60_000,
    );
    const warming = await search('ocean warming');
    expect(warming.by_meaning).toBe(true);
    expect(warming.results.map((r) => r.title)).toEqual(['Rising sea temperatures']);
    expect(warming.results[0]!.rank).toBe(0);
    expect((await titles('how to bake bread'))[0]).toBe('Sourdough starter');
    expect((await titles('resilient network calls'))[0]).toBe('Retry with backoff');
  });

  it('keeps the tag filter, and an entry matching the words above one that only means something near', async () => {
    expect(await titles('ocean warming', '&tag=baking')).toEqual([]);
    const found = await titles('sea temperatures water');
    expect(found[0]).toBe('Rising sea temperatures');
  });
});

describe('agent directory search by meaning', () => {
  it('finds an agent by what it does, in other words, once embedded; an exact name first', async () => {
    const translator = await net.register(author, 'polyglot', { description: 'Translates contracts between German and French', capabilities: ['translation'] });
    const gardener = await net.register(author, 'green-thumb', { description: 'Plans vegetable beds and watering', capabilities: ['gardening'] });
    await waitFor(
      async () => {
        const { rows } = await sql<{
          n: string;
        }>`select count(*) as n from search_vectors where collection = 'network_agents' and item in (${translator}, ${gardener})`.execute(service.database.db);
        return Number(rows[0]!.n) === 2;
      },
      'the agents embedded',
      60_000,
    );
    const found = await net.ok(net.get(`/agents/search?q=${encodeURIComponent('someone to render a legal document in another language')}`));
    expect(found.by_meaning).toBe(true);
    expect(found.agents[0]).toMatchObject({ agent_id: translator });
    expect(found.agents.map((a: { agent_id: string }) => a.agent_id)).not.toContain(gardener);
    expect((await net.ok(net.get('/agents/search?q=green-thumb'))).agents[0]).toMatchObject({ agent_id: gardener });
  });
});
