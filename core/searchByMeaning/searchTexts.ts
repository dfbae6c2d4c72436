import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { agentSearchText } from '../networkAgents/agentSearchText';
import { knowledgeSearchText } from '../knowledge/knowledgeSearchText';
import { memorySearchText } from '../memory/memorySearchText';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { skillSearchText } from '../skills/skillSearchText';
import type { SearchCollection } from './searchVectors';

/** One searchable row: whose (`scope`: an agent for memory, '' for shared libraries and the directory) and which. */
export interface SearchItem {
  readonly scope: string;
  readonly item: string;
}

/** Rows of one collection to embed: what a searchVectors workflow is given (ids only; it reads the texts itself). */
export interface SearchRows {
  readonly collection: SearchCollection;
  readonly items: readonly SearchItem[];
}

/** A row's text to embed as it is now, with the stamp its vector will carry. */
export interface SearchText extends SearchItem {
  readonly text: string;
  readonly stamp: Date;
}

/** The current texts of the rows named (those since removed are left out: nothing to embed). */
export async function searchTextsOf(db: Db, collection: SearchCollection, items: readonly SearchItem[]): Promise<SearchText[]> {
  if (!items.length) return [];
  const live = db.withSchema(LIVE_SCHEMA);
  switch (collection) {
    case 'memory': {
      const rows = await live
        .selectFrom('memory_entries')
        .select(['agent_id', 'key', 'value', 'tags', 'updated_at'])
        .where(sql<boolean>`(agent_id, key) in (select * from unnest(${items.map((i) => i.scope)}::text[], ${items.map((i) => i.item)}::text[]))`)
        .execute();
      return rows.map((r) => ({ scope: r.agent_id, item: r.key, text: memorySearchText(r.key, r.value, r.tags), stamp: r.updated_at }));
    }
    case 'skills': {
      const rows = await live
        .selectFrom('skills')
        .select(['skill_id', 'description', 'category', 'tags', 'created_at'])
        .where(
          'skill_id',
          'in',
          items.map((i) => i.item),
        )
        .execute();
      return rows.map((r) => ({ scope: '', item: r.skill_id, text: skillSearchText(r), stamp: r.created_at }));
    }
    case 'knowledge': {
      const rows = await live
        .selectFrom('knowledge_entries')
        .select(['entry_id', 'title', 'content', 'tags', 'created_at'])
        .where(
          'entry_id',
          'in',
          items.map((i) => i.item),
        )
        .execute();
      return rows.map((r) => ({ scope: '', item: r.entry_id, text: knowledgeSearchText(r), stamp: r.created_at }));
    }
    case 'agents': {
      const rows = await live
        .selectFrom('agents')
        .select(['agent_id', 'name', 'description', 'capabilities', 'registered_at'])
        .where(
          'agent_id',
          'in',
          items.map((i) => i.item),
        )
        .execute();
      return rows.map((r) => ({ scope: '', item: r.agent_id, text: agentSearchText(r), stamp: r.registered_at }));
    }
  }
}

/** The rows a recorded event asks to (re-)embed, by collection; none for events that change no searchable text. */
export function searchItemsOf(event: { type: string; data: unknown }): { collection: SearchCollection; item: SearchItem } | null {
  const data = event.data as Record<string, string>;
  switch (event.type) {
    case 'MemorySet':
      return { collection: 'memory', item: { scope: data.agentId!, item: data.key! } };
    case 'SkillCreated':
      return { collection: 'skills', item: { scope: '', item: data.skillId! } };
    case 'KnowledgeAdded':
      return { collection: 'knowledge', item: { scope: '', item: data.entryId! } };
    case 'AgentRegistered':
      return { collection: 'agents', item: { scope: '', item: data.agentId! } };
    default:
      return null;
  }
}

/** The event types that change a searchable text. */
export const SEARCH_TEXT_EVENTS = ['MemorySet', 'SkillCreated', 'KnowledgeAdded', 'AgentRegistered'] as const;
