import { createHash, randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../core/db/createDb';
import { migrate } from '../../core/db/migrate';
import { migrations } from '../../core/db/migrations/allMigrations';
import { networkAgentWithReputation } from '../../core/networkAgents/networkAgentDirectory';
import { networkAgentReputation } from '../../core/networkAgents/networkAgentReputationProjection';
import { networkAgents } from '../../core/networkAgents/networkAgentsProjection';
import { allProjections, createProjectionTable, LIVE_SCHEMA, projectionDefinition } from '../../core/projections';
import type { AnyProjection } from '../../core/projections/types';
import { boardTaskSubscriptions } from '../../core/tasks/boardTaskSubscriptionsProjection';
import { boardTasks } from '../../core/tasks/boardTasksProjection';
import { vectorLiteral } from '../../core/vectors';
import { withDatabase } from '../../scripts/services/databaseUrl';
import { TEST_DATABASE_PREFIX } from '../support/testDatabase';

/**
 * Migration 0240 renames the agent directory's and the task board's read models (and what is keyed by their names) on
 * a database made as it was before it: the rows written there are found under the new names, and nothing is rebuilt.
 * The rows are written straight into the tables, with no events behind them, so a rebuild from the log would lose them.
 */

const BEFORE = '0240_one_meaning_per_name';

/** The projections as they were named before the migration: the same definitions under the old names. */
const former: [AnyProjection, string, string][] = [
  [networkAgents, 'agents', 'agents'],
  [networkAgentReputation, 'agentReputation', 'agent_reputation'],
  [boardTasks, 'tasks', 'tasks'],
  [boardTaskSubscriptions, 'taskSubscriptions', 'task_subscriptions'],
];

const adminUrl = () => process.env.TEST_PG_ADMIN_URL!;
const name = `${TEST_DATABASE_PREFIX}${process.env.TEST_RUN_ID}_rename_${randomBytes(4).toString('hex')}`;
let db: Db;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const searchVectorsSubscription = (collections: string[]) =>
  `search-vectors-${createHash('sha256')
    .update([...collections].sort().join(','))
    .digest('hex')
    .slice(0, 8)}`;
const formerCollections = ['agents', 'catalog', 'knowledge', 'listings', 'memory', 'skills', 'tasks'];
const currentCollections = ['board_tasks', 'catalog', 'knowledge', 'listings', 'memory', 'network_agents', 'skills'];

const at = new Date('2025-03-04T05:06:07.000Z');
const vector = vectorLiteral(Array.from({ length: 384 }, (_, i) => (i % 7) / 7));

beforeAll(async () => {
  await admin(`create database ${pg.escapeIdentifier(name)}`);
  db = createDb({ connectionString: withDatabase(adminUrl(), name), max: 2 });

  // The store's migrations up to the one before this, then the projection tables as the start-up check made them.
  const before = Object.fromEntries(Object.entries(migrations).filter(([migration]) => migration < BEFORE));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => before }, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error;
  await sql`create schema ${sql.id(LIVE_SCHEMA)}`.execute(db);
  for (const [projection, oldName, oldTable] of former) {
    const old = { ...projection, name: oldName, table: oldTable };
    await createProjectionTable(db, LIVE_SCHEMA, old);
    await db
      .insertInto('projection_versions')
      .values({ name: oldName, definition: projectionDefinition(old) })
      .execute();
  }

  const rows = (
    table: string,
    values: Record<string, unknown>,
  ) => sql`insert into ${sql.id(LIVE_SCHEMA, table)} ${sql`(${sql.join(Object.keys(values).map((k) => sql.id(k)))})`}
    values (${sql.join(Object.values(values))})`;
  await rows('agents', {
    agent_id: 'agt_1',
    owner: 'key:acct-1',
    name: 'translator',
    description: 'Translates',
    capabilities: JSON.stringify(['translation']),
    wallet: null,
    registered_at: at,
  }).execute(db);
  await rows('agent_reputation', { agent_id: 'agt_1', task_completions: 2, knowledge: 3, upvotes: 4, downvotes: 1, updated_at: at }).execute(db);
  await rows('tasks', {
    task_id: 'task_1',
    poster_agent: 'agt_1',
    poster_owner: 'key:acct-1',
    title: 'Translate a page',
    description: 'German to English',
    tags: JSON.stringify(['translation']),
    reward_micros: 20_000,
    claim_seconds: 600,
    status: 'open',
    claimant_agent: null,
    claimant_owner: null,
    claims: 0,
    claim_expires_at: null,
    result: null,
    posted_at: at,
    completed_at: null,
  }).execute(db);
  await rows('task_subscriptions', {
    subscription_id: 'tsub_1',
    owner: 'key:acct-2',
    callback_url: 'https://example.com/tasks',
    filter: JSON.stringify({ tags: ['translation'] }),
    created_at: at,
  }).execute(db);
  for (const [collection, item] of [
    ['agents', 'agt_1'],
    ['tasks', 'task_1'],
    ['skills', 'skl_1'],
  ]) {
    await sql`insert into search_vectors (collection, scope, item, embedding_model, embedding, source_stamp)
      values (${collection}, '', ${item}, 'all-MiniLM-L6-v2', ${vector}::vector, ${at})`.execute(db);
  }
  for (const [subscription, position] of [
    ['projection-agentReputation', 42],
    [searchVectorsSubscription(formerCollections), 43],
    ['agent-network', 44],
  ] as const) {
    await sql`insert into subscription_checkpoints (subscription_id, transaction_id, position) values (${subscription}, '7'::xid8, ${position})`.execute(db);
  }

  await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
});

afterAll(async () => {
  await db?.destroy();
  await admin(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
});

const live = () => db.withSchema(LIVE_SCHEMA);

describe('migration 0240: network agents and board tasks named so', () => {
  it('keeps every row of the four tables under its new name, and the old names are gone', async () => {
    expect(await live().selectFrom('network_agents').selectAll().execute()).toEqual([
      expect.objectContaining({ agent_id: 'agt_1', owner: 'key:acct-1', name: 'translator', capabilities: ['translation'], registered_at: at }),
    ]);
    expect(await live().selectFrom('network_agent_reputation').selectAll().execute()).toEqual([
      { agent_id: 'agt_1', task_completions: 2, knowledge: 3, upvotes: 4, downvotes: 1, updated_at: at },
    ]);
    expect(await live().selectFrom('board_tasks').selectAll().execute()).toEqual([
      expect.objectContaining({ task_id: 'task_1', title: 'Translate a page', tags: ['translation'], status: 'open', posted_at: at }),
    ]);
    expect(await live().selectFrom('board_task_subscriptions').selectAll().execute()).toEqual([
      expect.objectContaining({ subscription_id: 'tsub_1', filter: { tags: ['translation'] }, created_at: at }),
    ]);
    for (const old of ['agents', 'agent_reputation', 'tasks', 'task_subscriptions']) {
      const { rows } = await sql<{ found: string | null }>`select to_regclass(${`${LIVE_SCHEMA}.${old}`})::text as found`.execute(db);
      expect(rows[0]!.found).toBeNull();
    }
    // The code reads them where they now are: the directory joins the agent with its reputation.
    expect(await networkAgentWithReputation(db, 'agt_1')).toMatchObject({ name: 'translator', task_completions: 2, knowledge: 3 });
  });

  it('renames the primary keys and indexes with their tables', async () => {
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = ${LIVE_SCHEMA}
      and tablename in ('network_agents', 'network_agent_reputation', 'board_tasks', 'board_task_subscriptions') order by indexname`.execute(db);
    expect(rows.map((r) => r.indexname)).toEqual([
      'board_task_subscriptions_created_at',
      'board_task_subscriptions_pkey',
      'board_tasks_claimant_agent',
      'board_tasks_pkey',
      'board_tasks_poster_agent',
      'board_tasks_status_posted_at',
      'network_agent_reputation_pkey',
      'network_agents_owner',
      'network_agents_pkey',
      'network_agents_registered_at',
    ]);
    const constraints = await sql<{ conname: string }>`select conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = ${LIVE_SCHEMA} and c.contype = 'p' and conname like any (array['network_agent%', 'board_task%', 'agent%', 'task%']) order by conname`.execute(
      db,
    );
    expect(constraints.rows.map((r) => r.conname)).toEqual([
      'board_task_subscriptions_pkey',
      'board_tasks_pkey',
      'network_agent_reputation_pkey',
      'network_agents_pkey',
    ]);
  });

  it('moves each projection’s version, so the start-up check finds the renamed tables current and rebuilds none', async () => {
    const versions = await db.selectFrom('projection_versions').select(['name', 'definition']).execute();
    const definitionOf = new Map(versions.map((v) => [v.name, v.definition]));
    for (const [projection, oldName] of former) {
      expect(definitionOf.get(projection.name)).toBe(projectionDefinition(projection));
      expect(definitionOf.has(oldName)).toBe(false);
    }
    // Started again, nothing changes (a rebuild would have emptied the tables: no events are behind these rows).
    await migrate(db, { projections: allProjections, schema: LIVE_SCHEMA });
    expect(await live().selectFrom('board_tasks').select('task_id').execute()).toEqual([{ task_id: 'task_1' }]);
  });

  it('moves the subscriber’s checkpoints keyed by the old names and the search vectors of the renamed collections', async () => {
    const checkpoints = await db.selectFrom('subscription_checkpoints').select(['subscription_id', 'position']).orderBy('subscription_id').execute();
    expect(checkpoints.map((c) => [c.subscription_id, Number(c.position)])).toEqual([
      ['agent-network', 44],
      ['projection-networkAgentReputation', 42],
      [searchVectorsSubscription(currentCollections), 43],
    ]);
    const vectors = await db.selectFrom('search_vectors').select(['collection', 'item']).orderBy('collection').execute();
    expect(vectors).toEqual([
      { collection: 'board_tasks', item: 'task_1' },
      { collection: 'network_agents', item: 'agt_1' },
      { collection: 'skills', item: 'skl_1' },
    ]);
  });
});
