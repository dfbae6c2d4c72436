import type { CoreFeature } from '../features';
import { networkAgentReputation, type NetworkAgentReputationRow } from './networkAgentReputationProjection';
import { networkAgents, type NetworkAgentRow } from './networkAgentsProjection';
import { networkAgentSearchable } from './networkAgentSearchText';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    network_agent_reputation: NetworkAgentReputationRow;
    network_agents: NetworkAgentRow;
  }
}

/** The agent directory and each network agent’s reputation. */
export const feature: CoreFeature = { projections: [networkAgents, networkAgentReputation], searchable: [networkAgentSearchable] };
