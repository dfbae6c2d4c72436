import { randomUUID } from 'node:crypto';
import { createEmbedder, type Embedder } from '../../activities/embeddings';
import { embedSearchQueryText, embedSearchTexts } from '../../activities/searchByMeaning/searchEmbedding';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { loadConfig } from '../config/loadConfig';
import { registerNetworkAgent } from '../networkAgents/registerNetworkAgent';
import { searchTextsOf } from '../searchByMeaning/searchTexts';
import { storeSearchVectors } from '../searchByMeaning/searchVectorStore';
import { searchMemory } from './searchMemory';
import { setMemory } from './setMemory';

const OWNER = 'key:memory-search';
const config = loadConfig({ ...process.env, APP_ENV: 'test' });
let t: TestDatabase;
let embedder: Embedder;
let agentId: string;

/** The agent's keys for a query, as /memory/search answers it: with the real local model's vector, or words alone. */
const keys = async (query: string, byMeaning = true) => {
  const queryVector = byMeaning ? await embedSearchQueryText(embedder, config, query) : null;
  const found = await searchMemory(t.db, OWNER, { agentId, query, limit: 3, threshold: 0.25, queryVector, now: new Date() });
  return (found.results as { key: string }[]).map((r) => r.key);
};

beforeAll(async () => {
  t = await createTestDatabase();
  embedder = createEmbedder(config);
  const scope = (tool: string) => ({ callId: randomUUID(), tool, actor: OWNER });
  agentId = (await registerNetworkAgent(t.store, scope('agents/register'), OWNER, { name: 'assistant', description: '', capabilities: [] })).agent_id as string;
  const memories = {
    'home/broadband': 'Broadband: 500 Mb fibre from Virgin Media, contract ends in October',
    'diet/allergies': 'Allergic to peanuts and tree nuts — carries an EpiPen',
    'pets/dog': 'Dog called Biscuit, a four-year-old beagle',
  };
  for (const [key, value] of Object.entries(memories)) await setMemory(t.store, scope('memory/set'), OWNER, { agentId, key, value, now: new Date() });
  // Embedded as the workers embed them.
  const texts = await searchTextsOf(
    t.db,
    'memory',
    Object.keys(memories).map((item) => ({ scope: agentId, item })),
  );
  const { model, vectors } = await embedSearchTexts(
    embedder,
    texts.map((x) => x.text),
  );
  await storeSearchVectors(
    t.db,
    'memory',
    model,
    texts.map((x, i) => ({ ...x, vector: vectors[i]! })),
  );
});
afterAll(async () => {
  await embedder.close();
  await t.drop();
});

describe('memory search with a mistyped word', () => {
  it('finds the entry the word was meant for, which neither its words nor the local model found', async () => {
    expect((await keys('brodband'))[0]).toBe('home/broadband');
    expect((await keys('alergies'))[0]).toBe('diet/allergies');
    expect(await keys('brodband', false)).toEqual(['home/broadband']);
  });

  it('reads a query whose words match as it is', async () => {
    expect((await keys('beagle'))[0]).toBe('pets/dog');
    expect(await keys('zzzzzzz', false)).toEqual([]);
  });
});
