import { schemaFeature } from '../schemaFeature';
import { networkAgentTools } from './networkAgentTools';
import type { NetworkAgentEvents } from './networkAgentEvents';

/** Network agents: registration, the directory, reputation and wallet sessions (agent-<agentId>). */
export const feature = schemaFeature<NetworkAgentEvents>()({
  tools: networkAgentTools,
  streams: {
    agent: (agentId: string) => `agent-${agentId}`,
  },
});
