import { sql } from 'kysely';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { SearchableCollection } from '../searchByMeaning/searchableCollection';

/**
 * What a memory entry's vector is made from: its key's words and its value (a string as it is, anything else as
 * JSON), so "favourite-sport: swimming" is found by "swim" and by "what exercise does the user like".
 */
export function memorySearchText(key: string, value: unknown, tags: readonly string[] = []): string {
  const keyWords = key.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const valueText = typeof value === 'string' ? value : JSON.stringify(value);
  return [keyWords, valueText, tags.length ? `(${tags.join(', ')})` : ''].filter(Boolean).join(': ');
}

/** Memory entries by meaning: scoped by agent, stamped with updated_at (searchMemory reads the same). */
export const memorySearchable: SearchableCollection = {
  collection: 'memory',
  writtenBy: { MemorySet: (data) => ({ scope: data.agentId, item: data.key }) },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('memory_entries')
      .select(['agent_id', 'key', 'value', 'tags', 'updated_at'])
      .where(sql<boolean>`(agent_id, key) in (select * from unnest(${items.map((i) => i.scope)}::text[], ${items.map((i) => i.item)}::text[]))`)
      .execute();
    return rows.map((r) => ({ scope: r.agent_id, item: r.key, text: memorySearchText(r.key, r.value, r.tags), stamp: r.updated_at }));
  },
};
