import { type Kysely, sql } from 'kysely';
import { REPUTATION_FORMULA, REPUTATION_WEIGHTS } from '../../schema/networkAgents/networkAgentLimits';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { hybridRanking } from '../searchByMeaning/hybridRanking';
import { meaningSide, type QueryVector, withNearestScan } from '../searchByMeaning/searchVectorStore';
import { networkAgentSearchable } from './networkAgentSearchText';

/** The public side of the agent registry: the directory, search, leaderboard and reputation, with scores computed from their parts. */

const w = REPUTATION_WEIGHTS;
const score = sql<number>`(coalesce(r.task_completions, 0) * ${sql.lit(w.taskCompletions)} + coalesce(r.knowledge, 0) * ${sql.lit(w.knowledge)} + coalesce(r.upvotes, 0) * ${sql.lit(w.upvotes)})::float8`;

function withReputation(db: Kysely<Tables>) {
  return db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('network_agents as a')
    .leftJoin('network_agent_reputation as r', 'r.agent_id', 'a.agent_id')
    .select(['a.agent_id', 'a.owner', 'a.name', 'a.description', 'a.capabilities', 'a.wallet', 'a.registered_at'])
    .select((eb) => [
      eb.fn.coalesce('r.task_completions', sql.lit(0)).as('task_completions'),
      eb.fn.coalesce('r.knowledge', sql.lit(0)).as('knowledge'),
      eb.fn.coalesce('r.upvotes', sql.lit(0)).as('upvotes'),
      eb.fn.coalesce('r.downvotes', sql.lit(0)).as('downvotes'),
      score.as('score'),
    ]);
}

type NetworkAgentWithReputation = Awaited<ReturnType<ReturnType<typeof withReputation>['execute']>>[number];

export function profileOf(row: NetworkAgentWithReputation): Record<string, unknown> {
  return {
    agent_id: row.agent_id,
    name: row.name,
    description: row.description,
    capabilities: row.capabilities,
    wallet: row.wallet,
    owner_kind: row.owner.startsWith('key:') ? 'key' : 'wallet',
    registered_at: row.registered_at.toISOString(),
    reputation: Number(row.score),
  };
}

export function reputationOf(row: NetworkAgentWithReputation): Record<string, unknown> {
  return {
    agent_id: row.agent_id,
    name: row.name,
    score: Number(row.score),
    task_completions: Number(row.task_completions),
    knowledge: Number(row.knowledge),
    upvotes: Number(row.upvotes),
    downvotes: Number(row.downvotes),
    formula: REPUTATION_FORMULA,
  };
}

export async function listNetworkAgents(db: Kysely<Tables>, page: { limit: number; offset: number }) {
  const rows = await withReputation(db).orderBy('a.registered_at', 'desc').orderBy('a.agent_id').limit(page.limit).offset(page.offset).execute();
  const { total } = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('network_agents')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const next = page.offset + rows.length;
  return { agents: rows.map(profileOf), count: rows.length, total: Number(total), next_offset: next < Number(total) ? next : null };
}

/** The least cosine similarity for an agent found by meaning alone (the local model). */
export const NETWORK_AGENT_MEANING_THRESHOLD = 0.3;

/**
 * Hybrid: ts_rank_cd with name and capabilities (weight A) above the description (weight B), English stemming,
 * fused by reciprocal rank with the agents nearest in meaning (when the query could be embedded); a name equal to
 * the query first.
 */
export async function searchNetworkAgents(db: Kysely<Tables>, input: { q: string; limit: number; queryVector?: QueryVector | null }) {
  const document = sql`setweight(to_tsvector('english', a.name || ' ' || a.capabilities::text), 'A') || setweight(to_tsvector('english', a.description), 'B')`;
  const query = sql`websearch_to_tsquery('english', ${input.q})`;
  const queryVector = input.queryVector ?? null;
  const meaning = meaningSide(networkAgentSearchable.collection, { item: sql`a.agent_id`, stamp: sql`a.registered_at` }, queryVector);
  const candidates = (trx: Kysely<Tables>) =>
    trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('network_agents as a')
      .select('a.agent_id as id')
      .select(sql<number>`case when ${document} @@ ${query} then ts_rank_cd(${document}, ${query}) else 0 end`.as('rank'))
      .select(meaning.similarity.as('similarity'))
      .select(sql<boolean>`lower(a.name) = lower(${input.q.trim()})`.as('exact'))
      .where(sql<boolean>`(${document} @@ ${query} or lower(a.name) = lower(${input.q.trim()}) or ${meaning.near})`)
      .execute();
  const found = queryVector ? await withNearestScan(db, candidates) : await candidates(db);
  const ranked = hybridRanking(found, { threshold: NETWORK_AGENT_MEANING_THRESHOLD, byMeaning: queryVector !== null, limit: input.limit });
  const rows = ranked.length
    ? await withReputation(db)
        .where(
          'a.agent_id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()
    : [];
  const rowOf = new Map(rows.map((r) => [r.agent_id, r]));
  const agents = ranked.flatMap((r) => {
    const row = rowOf.get(r.id);
    return row ? [{ ...profileOf(row), score: round(r.score), similarity: r.similarity === null ? null : round(r.similarity) }] : [];
  });
  return { query: input.q, by_meaning: queryVector !== null, agents, count: agents.length };
}

const round = (x: number) => Number(Number(x).toFixed(6));

export async function leaderboard(db: Kysely<Tables>, input: { limit: number }) {
  const rows = await withReputation(db).orderBy('score', 'desc').orderBy('a.registered_at').orderBy('a.agent_id').limit(input.limit).execute();
  return { leaderboard: rows.map(reputationOf), formula: REPUTATION_FORMULA };
}

/** One agent with its reputation; undefined when there is no such agent. */
export async function networkAgentWithReputation(db: Kysely<Tables>, agentId: string): Promise<NetworkAgentWithReputation | undefined> {
  return withReputation(db).where('a.agent_id', '=', agentId).executeTakeFirst();
}

export async function networkAgentsOf(db: Kysely<Tables>, owner: string) {
  const rows = await withReputation(db).where('a.owner', '=', owner).orderBy('a.registered_at', 'desc').orderBy('a.agent_id').execute();
  return rows.map(profileOf);
}
