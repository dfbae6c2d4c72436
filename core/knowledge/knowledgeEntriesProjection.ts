import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface KnowledgeEntryRow {
  entry_id: string;
  agent_id: string;
  owner: string;
  title: string;
  content: string;
  tags: string[];
  upvotes: number;
  downvotes: number;
  created_at: Date;
}

type KnowledgeEvent = StoredEventOf<'KnowledgeAdded' | 'KnowledgeVoted'>;

/** The knowledge base with its vote counts (rows from `knowledge-<entryId>`). Inline: search sees an entry at once. */
export const knowledgeEntries: Projection<KnowledgeEntryRow> = {
  name: 'knowledgeEntries',
  version: 1,
  mode: 'inline',
  table: 'knowledge_entries',
  columns: {
    entry_id: 'text',
    agent_id: 'text',
    owner: 'text',
    title: 'text',
    content: 'text',
    tags: 'jsonb',
    upvotes: 'integer',
    downvotes: 'integer',
    created_at: 'timestamptz',
  },
  key: ['entry_id'],
  indexes: [['agent_id'], ['created_at']],
  handles: ['KnowledgeAdded', 'KnowledgeVoted'],
  keysOf: (event) => [{ entry_id: (event as KnowledgeEvent).data.entryId }],
  initial: (key, event) => ({
    entry_id: key.entry_id as string,
    agent_id: '',
    owner: '',
    title: '',
    content: '',
    tags: [],
    upvotes: 0,
    downvotes: 0,
    created_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const event = stored as KnowledgeEvent;
    if (event.type === 'KnowledgeAdded') {
      const { agentId, owner, title, content, tags } = event.data;
      return { ...row, agent_id: agentId, owner, title, content, tags, created_at: event.recordedAt };
    }
    const { vote, previous } = event.data;
    const change = (side: 'up' | 'down') => (vote === side ? 1 : 0) - (previous === side ? 1 : 0);
    return { ...row, upvotes: row.upvotes + change('up'), downvotes: row.downvotes + change('down') };
  },
};
