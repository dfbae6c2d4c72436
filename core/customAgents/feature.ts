import type { CoreFeature } from '../features';
import { customAgentReactions } from './customAgentEventTrigger';
import { customAgentRuns, type CustomAgentRunRow } from './customAgentRunsProjection';
import { customAgents, type CustomAgentRow } from './customAgentsProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    custom_agent_runs: CustomAgentRunRow;
    custom_agents: CustomAgentRow;
  }
}

/** Custom agents and their runs. */
export const feature: CoreFeature = { projections: [customAgents, customAgentRuns], reactions: customAgentReactions };
