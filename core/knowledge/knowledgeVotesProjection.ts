import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface KnowledgeVoteRow {
  entry_id: string;
  voter: string;
  agent_id: string;
  vote: 'up' | 'down';
  voted_at: Date;
}

/** Who voted what on each entry. Inline: it is what keeps one vote per voter per entry (read under the entry's lock). */
export const knowledgeVotes: Projection<KnowledgeVoteRow> = {
  name: 'knowledgeVotes',
  version: 1,
  mode: 'inline',
  table: 'knowledge_votes',
  columns: { entry_id: 'text', voter: 'text', agent_id: 'text', vote: 'text', voted_at: 'timestamptz' },
  key: ['entry_id', 'voter'],
  handles: ['KnowledgeVoted'],
  keysOf(stored) {
    const { entryId, voter } = (stored as StoredEventOf<'KnowledgeVoted'>).data;
    return [{ entry_id: entryId, voter }];
  },
  initial: (key, event) => ({ entry_id: key.entry_id as string, voter: key.voter as string, agent_id: '', vote: 'up', voted_at: event.recordedAt }),
  evolve(row, stored) {
    const { agentId, vote } = (stored as StoredEventOf<'KnowledgeVoted'>).data;
    return { ...row, agent_id: agentId, vote, voted_at: stored.recordedAt };
  },
};
