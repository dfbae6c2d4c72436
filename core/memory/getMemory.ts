import type { Owner } from '../../schema/agentNetwork';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** One key of the caller's agent's memory; `found: false` (not an error) when nothing is stored there. */
export async function getMemory(db: Db, owner: Owner, input: { agentId: string; key: string }): Promise<Record<string, unknown>> {
  await ownedNetworkAgent(db, input.agentId, owner);
  const row = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('memory_entries')
    .selectAll()
    .where('agent_id', '=', input.agentId)
    .where('key', '=', input.key)
    .executeTakeFirst();
  if (!row) return { agent_id: input.agentId, key: input.key, found: false, value: null };
  return { agent_id: input.agentId, key: input.key, found: true, value: row.value, version: row.version, updated_at: row.updated_at.toISOString() };
}
