import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { knowledgeView } from '../knowledge/knowledgeView';
import { listingView } from '../marketplace/listingView';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { boardTaskView } from '../tasks/boardTaskView';
import { networkAgentWithReputation, profileOf, reputationOf } from './networkAgentDirectory';

/** An agent's public record: profile and reputation, the tasks it completed, its knowledge entries and live listings. Null if unknown. */
export async function portfolio(db: Kysely<Tables>, agentId: string, limit: number): Promise<Record<string, unknown> | null> {
  const agent = await networkAgentWithReputation(db, agentId);
  if (!agent) return null;
  const live = db.withSchema(LIVE_SCHEMA);
  const [tasks, entries, listings] = await Promise.all([
    live
      .selectFrom('board_tasks')
      .selectAll()
      .where('claimant_agent', '=', agentId)
      .where('status', '=', 'completed')
      .orderBy('completed_at', 'desc')
      .limit(limit)
      .execute(),
    live.selectFrom('knowledge_entries').selectAll().where('agent_id', '=', agentId).orderBy('created_at', 'desc').limit(limit).execute(),
    live.selectFrom('listings').selectAll().where('agent_id', '=', agentId).orderBy('created_at', 'desc').limit(limit).execute(),
  ]);
  return {
    agent: profileOf(agent),
    reputation: reputationOf(agent),
    completed_tasks: tasks.map(boardTaskView),
    knowledge: entries.map((e) => knowledgeView(e)),
    listings: listings.map(listingView),
  };
}
