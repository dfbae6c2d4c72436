import type { Owner } from '../../schema/agentNetwork';
import { checkMemoryOwner } from './memoryOwner';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/**
 * One key of the caller's agent's memory; `found: false` (not an error) when nothing is stored there, or when what is
 * stored has expired (`expired: true` says so; include_expired reads it anyway).
 */
export async function getMemory(
  db: Db,
  owner: Owner,
  input: { agentId: string; key: string; includeExpired?: boolean; now: Date },
): Promise<Record<string, unknown>> {
  await checkMemoryOwner(db, input.agentId, owner);
  const row = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('memory_entries')
    .selectAll()
    .where('agent_id', '=', input.agentId)
    .where('key', '=', input.key)
    .executeTakeFirst();
  const expired = row?.expires_at != null && row.expires_at.getTime() <= input.now.getTime();
  if (!row || (expired && !input.includeExpired))
    return { agent_id: input.agentId, key: input.key, found: false, value: null, ...(expired ? { expired } : {}) };
  return {
    agent_id: input.agentId,
    key: input.key,
    found: true,
    value: row.value,
    version: row.version,
    tags: row.tags,
    expires_at: row.expires_at?.toISOString() ?? null,
    ...(expired ? { expired } : {}),
    updated_at: row.updated_at.toISOString(),
  };
}
