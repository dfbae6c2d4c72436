import type { CoreFeature } from '../features';
import { agentReputation, type AgentReputationRow } from './agentReputationProjection';
import { agents, type AgentRow } from './agentsProjection';
import { agentSearchable } from './agentSearchText';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    agent_reputation: AgentReputationRow;
    agents: AgentRow;
  }
}

/** The agent directory and each network agent’s reputation. */
export const feature: CoreFeature = { projections: [agents, agentReputation], searchable: [agentSearchable] };
