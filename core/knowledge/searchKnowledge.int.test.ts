import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { registerNetworkAgent } from '../networkAgents/registerNetworkAgent';
import { addKnowledge } from './addKnowledge';
import { searchKnowledge } from './searchKnowledge';

const OWNER = 'key:knowledge-search';
let t: TestDatabase;
const titles = async (q: string) => ((await searchKnowledge(t.db, { q, limit: 5, queryVector: null })).results as { title: string }[]).map((r) => r.title);

beforeAll(async () => {
  t = await createTestDatabase();
  const scope = (tool: string) => ({ callId: randomUUID(), tool, actor: OWNER });
  const agent = await registerNetworkAgent(t.store, scope('agents/register'), OWNER, { name: 'author', description: '', capabilities: [] });
  const add = (title: string, content: string) =>
    addKnowledge(t.store, scope('knowledge/add'), OWNER, { agentId: agent.agent_id as string, title, content, tags: [] });
  await add('API access and personal tokens', 'The API allows 100 requests per minute per token; a 429 answer says when to retry.');
  await add('Deploying to production', 'Roll back with the pipeline’s one-click rollback rather than a new commit.');
  await add('Sourdough starter', 'Feed the starter flour and water every day at room temperature.');
});
afterAll(() => t.drop());

describe('knowledge search by words', () => {
  it('finds an entry holding some of the query’s words, not only one holding all of them', async () => {
    // Every word had to be in one entry: a question in the reader's words found nothing.
    expect(await titles('too many requests error 429')).toEqual(['API access and personal tokens']);
    expect(await titles('roll back a bad release')).toEqual(['Deploying to production']);
  });

  it('matches a word’s family and its British spelling', async () => {
    expect(await titles('requesting tokenisation')).toEqual(['API access and personal tokens']);
  });

  it('answers no entry by words for a query of no words, without failing', async () => {
    expect(await titles('?? --')).toEqual([]);
  });
});

describe('knowledge search with a mistyped word', () => {
  it('reads a word the base does not hold as the base’s nearest word', async () => {
    expect(await titles('personel tokenns')).toEqual(['API access and personal tokens']);
    expect(await titles('sourdouhg')).toEqual(['Sourdough starter']);
  });
});
