import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import type { NetworkAgentRow } from './networkAgentsProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** One agent of the registry, whoever owns it. */
export async function findNetworkAgent(db: Kysely<Tables>, agentId: string): Promise<NetworkAgentRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('network_agents').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}
