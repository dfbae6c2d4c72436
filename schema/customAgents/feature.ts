import { schemaFeature } from '../schemaFeature';
import { customAgentSettings } from './customAgentSettings';
import { customAgentTools } from './customAgentTools';
import type { CustomAgentEvents } from './customAgentEvents';

/** Custom agents: an owner’s configured agent loop, run on demand or on a schedule (agent-<agentId>, beside network agents’). */
export const feature = schemaFeature<CustomAgentEvents>()({
  tools: customAgentTools,
  streams: {
    customAgent: (agentId: string) => `agent-${agentId}`,
  },
  settings: { title: 'Custom agents: runs and schedules', settings: customAgentSettings },
});
