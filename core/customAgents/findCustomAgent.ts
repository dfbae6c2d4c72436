import { sql } from 'kysely';
import type { Owner } from '../../schema/agentNetwork';
import type { Db } from '../db/createDb';
import { ownedBy } from '../networkAgents/owners';
import type { CustomAgentRow } from './customAgentsProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** A custom agent, whoever owns it. */
export async function findCustomAgent(db: Db, agentId: string): Promise<CustomAgentRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('custom_agents').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

/** The custom agent if `owner` owns it; another owner's is as absent as a missing one (never told apart). */
export async function ownedCustomAgent(db: Db, agentId: string, owner: Owner | null): Promise<CustomAgentRow | undefined> {
  return ownedBy(await findCustomAgent(db, agentId), owner);
}

/** An owner's custom agents, newest first. */
export async function listCustomAgents(db: Db, owner: Owner): Promise<CustomAgentRow[]> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('custom_agents').selectAll().where('owner', '=', owner).orderBy('created_at', 'desc').execute();
}

/** Active agents whose event schedule names this trigger (the subscriber matches each event against them), or the one given. */
export async function customAgentsTriggeredBy(db: Db, trigger: string, agentId?: string): Promise<CustomAgentRow[]> {
  let query = db.withSchema(LIVE_SCHEMA).selectFrom('custom_agents').selectAll();
  // A message names its one recipient: its key looks it up instead of reading every agent on messages.
  if (agentId !== undefined) query = query.where('agent_id', '=', agentId);
  return query
    .where('status', '=', 'active')
    .where('schedule_state', '=', 'active')
    .where(sql<string>`schedule->>'type'`, '=', 'event')
    .where(sql<string>`schedule->'config'->>'trigger'`, '=', trigger)
    .execute();
}
