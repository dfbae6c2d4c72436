import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface NetworkAgentRow {
  agent_id: string;
  owner: string;
  name: string;
  description: string;
  capabilities: string[];
  wallet: string | null;
  registered_at: Date;
}

/** The agent registry. Inline: every tool acting as an agent checks its owner here, right after it registered. */
export const networkAgents: Projection<NetworkAgentRow> = {
  name: 'networkAgents',
  version: 1,
  mode: 'inline',
  table: 'network_agents',
  columns: { agent_id: 'text', owner: 'text', name: 'text', description: 'text', capabilities: 'jsonb', wallet: 'text', registered_at: 'timestamptz' },
  key: ['agent_id'],
  indexes: [['owner'], ['registered_at']],
  handles: ['AgentRegistered'],
  keysOf: (event) => [{ agent_id: (event as StoredEventOf<'AgentRegistered'>).data.agentId }],
  initial: (key, event) => ({
    agent_id: key.agent_id as string,
    owner: '',
    name: '',
    description: '',
    capabilities: [],
    wallet: null,
    registered_at: event.recordedAt,
  }),
  evolve(row, stored) {
    const { owner, name, description, capabilities, wallet } = (stored as StoredEventOf<'AgentRegistered'>).data;
    return { ...row, owner, name, description, capabilities, wallet: wallet ?? null, registered_at: stored.recordedAt };
  },
};
