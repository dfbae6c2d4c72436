import { sql } from 'kysely';
import { generateKey, type TestKey } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

// Search by meaning with the real local model (all-MiniLM-L6-v2 in the worker) and real PostgreSQL + pgvector.
let service: TestService;
let net: ReturnType<typeof agentNetwork>;
let owner: TestKey;
let agent: string;
beforeAll(async () => {
  service = await startTestService({ env: modelEnv() });
  net = agentNetwork(service.baseUrl);
  owner = await generateKey(service.baseUrl, 'memory-owner');
  agent = await net.register(owner, 'memory-searcher');
}, 60_000);
afterAll(() => service.stop());

interface Hit {
  key: string;
  score: number;
  similarity: number | null;
  rank: number;
  exact_key: boolean;
}
const set = (body: Record<string, unknown>) => net.ok(net.post('/memory/set', { agent_id: agent, ...body }, owner.auth));
const search = async (body: Record<string, unknown>) =>
  (await net.ok(net.post('/memory/search', { agent_id: agent, ...body }, owner.auth))) as { results: Hit[]; by_meaning: boolean };
const keys = async (body: Record<string, unknown>) => (await search(body)).results.map((r) => r.key);

/** Waits until every entry of the agent has a vector for its current text (the workers embed after the write). */
const embedded = (count: number) =>
  waitFor(
    async () => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from search_vectors where collection = 'memory' and scope = ${agent}`.execute(
        service.database.db,
      );
      return Number(rows[0]!.n) >= count;
    },
    `${count} memory vectors`,
    60_000,
  );

const memories: Record<string, unknown> = {
  'favourite-sport': 'swimming in the lake every morning before work',
  pet: 'a golden retriever called Max',
  holiday: 'snorkelling over the coral reefs of the Great Barrier Reef',
  finance: { note: 'Q3 revenue grew 12 percent over the quarter' },
  allergies: 'peanuts and shellfish',
  'project-deadline': 'the migration must ship by Friday',
};

describe('memory search by meaning and by words', () => {
  beforeAll(async () => {
    for (const [key, value] of Object.entries(memories)) await set({ key, value, tags: key === 'pet' || key === 'holiday' ? ['personal'] : ['work'] });
  });

  it('finds a new entry by its words at once, before the workers have embedded it', async () => {
    const written = await set({ key: 'car', value: 'a red bicycle with a basket', tags: ['personal'] });
    expect(written).toMatchObject({ key: 'car', created: true });
    expect(await keys({ query: 'bicycle' })).toContain('car');
  });

  it('finds entries by meaning within a bounded time: swim, dog and reef find what they mean', async () => {
    await embedded(Object.keys(memories).length + 1);
    const dog = await search({ query: 'dog' });
    expect(dog.by_meaning).toBe(true);
    expect(dog.results[0]).toMatchObject({ key: 'pet', rank: 0 });
    expect(dog.results[0]!.similarity).toBeGreaterThan(0.25);
    expect((await keys({ query: 'swim' }))[0]).toBe('favourite-sport');
    expect((await keys({ query: 'reef' }))[0]).toBe('holiday');
    expect((await keys({ query: 'what food makes me ill' }))[0]).toBe('allergies');
    // Unrelated entries stay out: nothing about revenue is near a dog.
    expect(dog.results.map((r) => r.key)).not.toContain('finance');
  });

  it('puts an exact key first, above entries that mean the query', async () => {
    await set({ key: 'reef', value: 'the name of the boat' });
    await embedded(Object.keys(memories).length + 2);
    const found = await search({ query: 'reef' });
    expect(found.results[0]).toMatchObject({ key: 'reef', exact_key: true });
    expect(found.results[1]!.key).toBe('holiday');
  });

  it('takes top_k, a threshold, and filters on key prefix, tags and time', async () => {
    expect(await keys({ query: 'dog', top_k: 1 })).toEqual(['pet']);
    // A threshold no meaning reaches leaves only what matches the words.
    expect(await keys({ query: 'dog', threshold: 0.99 })).toEqual([]);
    expect(await keys({ query: 'golden dog', threshold: 0.99 })).toEqual(['pet']);
    expect(await keys({ query: 'swim', key_prefix: 'pro' })).not.toContain('favourite-sport');
    expect(await keys({ query: 'animal or holiday', tags: ['personal'] })).not.toContain('finance');
    const work = await keys({ query: 'money earned', tags: ['work'] });
    expect(work[0]).toBe('finance');
    expect(work).not.toContain('pet');
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await keys({ query: 'dog', updated_after: later })).toEqual([]);
    expect(await keys({ query: 'dog', updated_before: later })).toContain('pet');
  });

  it('hides an entry after it expires, unless include_expired; reads say it expired', async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    await set({ key: 'parking', value: 'the car is on level 3, bay 42', expires_at: expiresAt });
    expect(await keys({ query: 'parking' })).toContain('parking');
    await waitFor(async () => !(await keys({ query: 'parking' })).includes('parking'), 'the entry to expire');
    expect(await keys({ query: 'parking', include_expired: true })).toContain('parking');
    expect(await net.ok(net.post('/memory/get', { agent_id: agent, key: 'parking' }, owner.auth))).toMatchObject({ found: false, expired: true });
    expect(await net.ok(net.post('/memory/get', { agent_id: agent, key: 'parking', include_expired: true }, owner.auth))).toMatchObject({
      found: true,
      expired: true,
      value: 'the car is on level 3, bay 42',
    });
  });

  it('refuses an expiry in the past, or given twice, and charges nothing', async () => {
    const before = await net.balance(owner);
    for (const body of [
      { key: 'x', value: 1, expires_at: '2001-01-01T00:00:00Z' },
      { key: 'x', value: 1, expires_at: new Date(Date.now() + 60_000).toISOString(), ttl_seconds: 60 },
    ]) {
      const response = await net.post('/memory/set', { agent_id: agent, ...body }, owner.auth);
      expect(response.status).toBe(400);
      expect((await json(response)).error).toMatch(/expires_at/);
    }
    expect(await net.balance(owner)).toBeCloseTo(before, 6);
  });

  it('embeds a changed entry again, and until then finds it by its new words only', async () => {
    await set({ key: 'pet', value: 'a tabby cat who sleeps all day' });
    expect(await keys({ query: 'tabby' })).toContain('pet');
    await waitFor(async () => (await keys({ query: 'kitten' }))[0] === 'pet', 'the changed entry found by meaning', 60_000);
    expect(await keys({ query: 'golden retriever', threshold: 0.5 })).not.toContain('pet');
  });
});
