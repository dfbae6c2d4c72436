import { schemaFeature } from '../schemaFeature';
import { networkAgentSettings } from './networkAgentSettings';
import { networkAgentTools } from './networkAgentTools';
import type { NetworkAgentEvents } from './networkAgentEvents';

/** Network agents: registration, the directory, reputation and wallet sessions (agent-<agentId>). */
export const feature = schemaFeature<NetworkAgentEvents>()({
  tools: networkAgentTools,
  streams: {
    networkAgent: (agentId: string) => `agent-${agentId}`,
  },
  settings: { title: 'Network agents: wallet sessions', settings: networkAgentSettings },
});
