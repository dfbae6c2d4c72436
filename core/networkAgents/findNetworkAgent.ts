import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import type { AgentRow } from './agentsProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** One agent of the registry, whoever owns it. */
export async function findNetworkAgent(db: Kysely<Tables>, agentId: string): Promise<AgentRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('agents').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}
