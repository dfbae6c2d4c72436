import type { KnowledgeEntryRow } from './knowledgeEntriesProjection';

/** An entry as callers read it (its owner stays private: the agent is who wrote it). */
export function knowledgeView(row: KnowledgeEntryRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    entry_id: row.entry_id,
    agent_id: row.agent_id,
    title: row.title,
    content: row.content,
    tags: row.tags,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    created_at: row.created_at.toISOString(),
    ...extra,
  };
}
