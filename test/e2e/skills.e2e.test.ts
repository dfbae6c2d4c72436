import { sql } from 'kysely';
import { readStream } from '../../core/eventStore';
import { skills } from '../../core/skills/skillsProjection';
import { LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { seedStarterSkills } from '../../core/skills/seedStarterSkills';
import { starterSkills } from '../../core/skills/starterLibrary';
import { generateKey, type TestKey } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

// Workflow ids outlive a test run in Temporal: request ids must be new each run.
const run = Date.now().toString(36);
let service: TestService;
let net: ReturnType<typeof agentNetwork>;
let alice: TestKey;
beforeAll(async () => {
  // No model provider configured: skills on offline-capable tools run offline, generative ones fail.
  service = await startTestService({ env: modelEnv() });
  net = agentNetwork(service.baseUrl);
  alice = await generateKey(service.baseUrl, 'alice');
  await seedStarterSkills(service.database.store);
});
afterAll(() => service.stop());

const search = async (q: string) => net.ok(net.get(`/skills/search?q=${encodeURIComponent(q)}`));
const names = (found: { results: { name: string }[] }) => found.results.map((r) => r.name);
/** The account's events of the call its X-Request-Id names (a key's call id is its request id scoped to the account). */
const eventsOfCall = async (requestId: string) =>
  (await readStream(service.database.db, `account-${alice.keyId}`))
    .filter((e) => (e.data as { callId?: string }).callId === keyCallId(alice.keyId, requestId))
    .map((e) => e.type);

describe('the starter library', () => {
  it('is seeded once: a second seeding adds nothing', async () => {
    expect(await seedStarterSkills(service.database.store)).toEqual({ added: 0, present: starterSkills.length });
    expect(await readStream(service.database.db, 'skill-meeting-action-items')).toHaveLength(1);
  });
});

describe('searching skills', () => {
  it('ranks the skill whose name is the query first, written with hyphens or spaces', async () => {
    expect(names(await search('meeting-action-items'))[0]).toBe('meeting-action-items');
    expect(names(await search('weekly plan'))[0]).toBe('weekly-plan');
    expect((await search('flashcards')).results[0]).toMatchObject({ name: 'flashcards', exact_name: true, starter: true, tool: 'questions' });
  });

  it('ranks by relevance over name, description, category and tags, any word matching', async () => {
    const found = await search('summarise meeting notes');
    expect(names(found).slice(0, 2)).toContain('meeting-notes-summary');
    expect(names(found)).toContain('meeting-action-items');
    const scores = found.results.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(names(await search('invoice accounting'))[0]).toBe('invoice-fields');
    expect(names(await search('zzzqqq'))).toEqual([]);
  });

  it('joins word families and British spellings: summarize, summarise and summary find the summary skills', async () => {
    for (const q of ['summarize', 'summarise', 'summary', 'summarization']) {
      const found = names(await search(q));
      expect(found).toEqual(expect.arrayContaining(['meeting-notes-summary', 'reading-summary', 'release-notes-summary']));
    }
  });

  it('finds skills by meaning once the workers have embedded them: paraphrases with none of the words', async () => {
    await waitFor(
      async () => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from search_vectors where collection = 'skills'`.execute(service.database.db);
        return Number(rows[0]!.n) >= starterSkills.length;
      },
      'the starter skills embedded',
      90_000,
    );
    const found = await search('condense a research article');
    expect(found.by_meaning).toBe(true);
    expect(names(found).slice(0, 3)).toContain('paper-abstract-summary');
    expect(names(await search('help me study for an exam')).slice(0, 3)).toContain('study-quiz');
    // Meaning alone does not make up matches: a query near nothing finds nothing.
    expect(names(await search('zzzqqq'))).toEqual([]);
    // An exact name still comes first, above skills that only mean something like it.
    expect((await search('reading-summary')).results[0]).toMatchObject({ name: 'reading-summary', exact_name: true });
  });

  it('filters by category', async () => {
    const found = await net.ok(net.get('/skills/search?q=summary&category=engineering'));
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.every((r: { category: string }) => r.category === 'engineering')).toBe(true);
  });
});

describe('creating skills', () => {
  const recipe = {
    name: 'recipe-scaler',
    description: 'Scale a recipe’s ingredient quantities to a number of servings',
    category: 'cooking',
    tags: ['recipes', 'kitchen'],
    template: 'Scale this recipe to {{servings}} servings:\n{{recipe}}',
    input_schema: { type: 'object', properties: { servings: { type: 'integer', minimum: 1 }, recipe: { type: 'string' } }, required: ['servings', 'recipe'] },
    tool: 'transform',
    params: { instruction: 'Scale the quantities as asked; keep units.' },
    example: { servings: 4, recipe: '200 g flour' },
  };

  it('finds a created skill at once, by its name and by its words', async () => {
    const created = await net.ok(net.post('/skills/create', recipe, alice.auth));
    expect(created).toMatchObject({ name: 'recipe-scaler', tool: 'transform', starter: false });
    expect(names(await search('recipe-scaler'))[0]).toBe('recipe-scaler');
    expect(names(await search('kitchen servings'))).toContain('recipe-scaler');
  });

  it('refuses a taken name (409), an undeclared placeholder, a schema that is not JSON Schema, an unknown model (400), and anonymous callers (401)', async () => {
    expect((await net.post('/skills/create', recipe, alice.auth)).status).toBe(409);
    const bad = async (change: Record<string, unknown>) => {
      const response = await net.post('/skills/create', { ...recipe, name: 'another-one', ...change }, alice.auth);
      expect(response.status).toBe(400);
      return (await json(response)).error as string;
    };
    expect(await bad({ template: 'Scale to {{servings}} for {{guests}}' })).toMatch(/guests/);
    expect(await bad({ input_schema: { type: 'object', properties: { servings: { type: 'wrong' }, recipe: {} } } })).toMatch(/JSON Schema/);
    expect(await bad({ model: 'no-such-model' })).toMatch(/unknown model/);
    expect(await bad({ tool: 'write', params: {}, model: 'local' })).toMatch(/needs a generative model/);
    expect(await bad({ example: { servings: 0, recipe: 'x' } })).toMatch(/example/);
    expect((await net.post('/skills/create', { ...recipe, name: 'anon' })).status).toBe(401);
  });
});

describe('executing skills', () => {
  it('runs a starter skill offline through the call path and bills it once', async () => {
    const before = await net.balance(alice);
    const response = await net.post(
      '/skills/execute',
      { skill: 'meeting-action-items', input: { notes: 'Ana will send the mockups by Friday. Tom must book the venue before 3 June.' } },
      { ...alice.auth, 'X-Request-Id': `skill-exec-ok-${run}` },
    );
    const answer = await json(response);
    expect(response.status).toBe(200);
    expect(answer).toMatchObject({
      skill: 'meeting-action-items',
      tool: 'action',
      prompt: expect.stringContaining('Ana will send'),
      result: expect.any(Object),
    });
    expect(JSON.stringify(answer.result)).toMatch(/mockups/);
    expect(answer._meta).toMatchObject({ endpoint: '/skills/execute', cost_usd: 0.02 });
    expect(await net.balance(alice)).toBeCloseTo(before - 0.02, 6);
    expect(await eventsOfCall(`skill-exec-ok-${run}`)).toEqual(['ChargeReserved', 'ChargeSettled']);
  });

  it('refunds the call when the skill’s tool fails (a generative tool with no provider configured)', async () => {
    await net.ok(
      net.post(
        '/skills/create',
        {
          name: 'haiku-writer',
          description: 'Write a haiku about a subject',
          template: 'Write a haiku about {{subject}}.',
          input_schema: { type: 'object', properties: { subject: { type: 'string' } }, required: ['subject'] },
        },
        alice.auth,
      ),
    );
    const before = await net.balance(alice);
    const response = await net.post(
      '/skills/execute',
      { skill: 'haiku-writer', input: { subject: 'autumn' } },
      { ...alice.auth, 'X-Request-Id': `skill-exec-fail-${run}` },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await net.balance(alice)).toBeCloseTo(before, 6);
    expect(await eventsOfCall(`skill-exec-fail-${run}`)).toEqual(['ChargeReserved', 'ChargeRefunded']);
  });

  it('refuses input that does not fit the skill’s schema, and an unknown skill, charging nothing', async () => {
    const before = await net.balance(alice);
    const wrong = await net.post('/skills/execute', { skill: 'recipe-scaler', input: { servings: 'many' } }, alice.auth);
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatch(/servings/);
    expect((await net.post('/skills/execute', { skill: 'no-such-skill', input: {} }, alice.auth)).status).toBe(404);
    expect(await net.balance(alice)).toBeCloseTo(before, 6);
  });
});

describe('replay', () => {
  it('rebuilds the skills library from the log without drift', async () => {
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: [skills] });
    expect(report.drift).toEqual([]);
  });
});
