import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface NetworkAgentReputationRow {
  agent_id: string;
  task_completions: number;
  knowledge: number;
  upvotes: number;
  downvotes: number;
  updated_at: Date;
}

type ReputationEvent = StoredEventOf<'TaskCompleted' | 'KnowledgeAdded' | 'KnowledgeVoted'>;

/**
 * The parts of each agent's reputation (the score is computed from them: schema/agentNetwork.ts). Async: its rows
 * gather facts from many streams (tasks, entries, votes), so they follow the log's commit order, as replay does.
 */
export const networkAgentReputation: Projection<NetworkAgentReputationRow> = {
  name: 'networkAgentReputation',
  version: 1,
  mode: 'async',
  table: 'network_agent_reputation',
  columns: { agent_id: 'text', task_completions: 'integer', knowledge: 'integer', upvotes: 'integer', downvotes: 'integer', updated_at: 'timestamptz' },
  key: ['agent_id'],
  handles: ['TaskCompleted', 'KnowledgeAdded', 'KnowledgeVoted'],
  keysOf(stored) {
    const event = stored as ReputationEvent;
    return [{ agent_id: event.type === 'KnowledgeVoted' ? event.data.authorAgentId : event.data.agentId }];
  },
  initial: (key, event) => ({ agent_id: key.agent_id as string, task_completions: 0, knowledge: 0, upvotes: 0, downvotes: 0, updated_at: event.recordedAt }),
  evolve(row, stored) {
    const event = stored as ReputationEvent;
    const next = { ...row, updated_at: event.recordedAt };
    switch (event.type) {
      case 'TaskCompleted':
        return { ...next, task_completions: row.task_completions + 1 };
      case 'KnowledgeAdded':
        return { ...next, knowledge: row.knowledge + 1 };
      case 'KnowledgeVoted': {
        const { vote, previous } = event.data;
        const change = (side: 'up' | 'down') => (vote === side ? 1 : 0) - (previous === side ? 1 : 0);
        return { ...next, upvotes: row.upvotes + change('up'), downvotes: row.downvotes + change('down') };
      }
    }
  },
};
