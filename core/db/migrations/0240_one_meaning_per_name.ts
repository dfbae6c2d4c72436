import { type Kysely, sql } from 'kysely';

/**
 * One meaning per name (docs/architecture.md, glossary): the read models of the agent directory and of the task board
 * are renamed so that "agents" and "tasks" never stand alone (network agents beside custom agents, board tasks beside
 * A2A tasks), keeping their rows. Written out, not built from the projections or the searchable collections: a
 * migration is what ran, whatever the code says later.
 *
 * Nothing is rebuilt and nothing is read twice. A projection's row in projection_versions is keyed by its name and its
 * definition names its table (core/projections/projectionTable.ts), so each row moves to the new name with the table
 * renamed inside its definition, and the start-up check finds the renamed table current. The reputation is filled by
 * the subscriber under `projection-<name>`, so its checkpoint moves too. The search vectors' collections take the new
 * names, and the subscription that embeds them, named by a hash of the collections' names
 * (core/searchByMeaning/searchVectorTrigger.ts), keeps its checkpoint under its new name.
 *
 * Each step renames what is there: a database whose projection tables were never made (a new one) has none to rename.
 */
const SCHEMA = 'projections';

const TABLES = [
  { from: 'agents', to: 'network_agents', indexes: ['owner', 'registered_at'] },
  { from: 'agent_reputation', to: 'network_agent_reputation', indexes: [] },
  { from: 'tasks', to: 'board_tasks', indexes: ['status_posted_at', 'poster_agent', 'claimant_agent'] },
  { from: 'task_subscriptions', to: 'board_task_subscriptions', indexes: ['created_at'] },
] as const;

const PROJECTIONS = [
  { from: 'agents', to: 'networkAgents', table: TABLES[0] },
  { from: 'agentReputation', to: 'networkAgentReputation', table: TABLES[1] },
  { from: 'tasks', to: 'boardTasks', table: TABLES[2] },
  { from: 'taskSubscriptions', to: 'boardTaskSubscriptions', table: TABLES[3] },
] as const;

const COLLECTIONS = [
  { from: 'agents', to: 'network_agents' },
  { from: 'tasks', to: 'board_tasks' },
] as const;

/** Subscriber checkpoints: the reputation projection's, and search by meaning's (`search-vectors-` + the first 8 hex of
 * SHA-256 of the sorted collection names joined by commas: before, agents … tasks; after, board_tasks … skills). */
const CHECKPOINTS = [
  { from: 'projection-agentReputation', to: 'projection-networkAgentReputation' },
  { from: 'search-vectors-29def76d', to: 'search-vectors-39642112' },
] as const;

type Direction = 'up' | 'down';

const ends = <T extends { from: string; to: string }>(item: T, direction: Direction) =>
  direction === 'up' ? { from: item.from, to: item.to } : { from: item.to, to: item.from };

async function renameTables(db: Kysely<unknown>, direction: Direction): Promise<void> {
  for (const table of TABLES) {
    const { from, to } = ends(table, direction);
    await sql`alter table if exists ${sql.id(SCHEMA, from)} rename to ${sql.id(to)}`.execute(db);
    // The primary key's index carries the constraint's name; renaming the index renames the constraint with it.
    await sql`alter index if exists ${sql.id(SCHEMA, `${from}_pkey`)} rename to ${sql.id(`${to}_pkey`)}`.execute(db);
    // Indexes are named <table>_<columns> (createProjectionTable): a later rebuild makes them under the new name.
    for (const columns of table.indexes) {
      await sql`alter index if exists ${sql.id(SCHEMA, `${from}_${columns}`)} rename to ${sql.id(`${to}_${columns}`)}`.execute(db);
    }
  }
}

async function renameProjectionVersions(db: Kysely<unknown>, direction: Direction): Promise<void> {
  for (const projection of PROJECTIONS) {
    const { from, to } = ends(projection, direction);
    const table = ends(projection.table, direction);
    const { rows } = await sql<{ definition: string }>`select definition from projection_versions where name = ${from}`.execute(db);
    if (!rows[0]) continue;
    // Parsed and written again in the same key order, so the definition equals the one the projection now computes.
    const definition = JSON.parse(rows[0].definition) as { t?: string };
    if (definition.t === table.from) definition.t = table.to;
    await sql`update projection_versions set name = ${to}, definition = ${JSON.stringify(definition)} where name = ${from}`.execute(db);
  }
}

async function renameCollectionsAndCheckpoints(db: Kysely<unknown>, direction: Direction): Promise<void> {
  for (const collection of COLLECTIONS) {
    const { from, to } = ends(collection, direction);
    await sql`update search_vectors set collection = ${to} where collection = ${from}`.execute(db);
  }
  for (const checkpoint of CHECKPOINTS) {
    const { from, to } = ends(checkpoint, direction);
    await sql`update subscription_checkpoints set subscription_id = ${to}
      where subscription_id = ${from} and not exists (select 1 from subscription_checkpoints where subscription_id = ${to})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await renameTables(db, 'up');
  await renameProjectionVersions(db, 'up');
  await renameCollectionsAndCheckpoints(db, 'up');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await renameCollectionsAndCheckpoints(db, 'down');
  await renameProjectionVersions(db, 'down');
  await renameTables(db, 'down');
}
