import { sql } from 'kysely';
import type { Owner } from '../../schema/agentNetwork';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { anyWordQuery } from '../fullTextSearch/anyWordQuery';

/**
 * Keyword search over the caller's agent's memory: any of the query's words in the key (weight A) or the value's
 * JSON text (weight B), ranked by ts_rank; the 'simple' configuration keeps keys and identifiers as they are.
 */
export async function searchMemory(db: Db, owner: Owner, input: { agentId: string; query: string; limit: number }): Promise<Record<string, unknown>> {
  await ownedNetworkAgent(db, input.agentId, owner);
  const words = anyWordQuery(input.query);
  if (!words) return { agent_id: input.agentId, query: input.query, results: [] };
  const document = sql`setweight(to_tsvector('simple', regexp_replace(key, '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('simple', value::text), 'B')`;
  const query = sql`to_tsquery('simple', ${words})`;
  const rows = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('memory_entries')
    .select(['key', 'value', 'version', 'size_bytes', 'updated_at'])
    .select(sql<number>`ts_rank(${document}, ${query})`.as('rank'))
    .where('agent_id', '=', input.agentId)
    .where(sql<boolean>`${document} @@ ${query}`)
    .orderBy('rank', 'desc')
    .orderBy('key')
    .limit(input.limit)
    .execute();
  return {
    agent_id: input.agentId,
    query: input.query,
    results: rows.map((r) => ({
      key: r.key,
      value: r.value,
      version: r.version,
      size_bytes: r.size_bytes,
      updated_at: r.updated_at.toISOString(),
      rank: r.rank,
    })),
  };
}
