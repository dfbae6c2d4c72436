import type { Owner } from '../../schema/agentNetwork';
import type { CustomAgentSchedule } from '../../schema/customAgents/customAgentSchedules';
import { type CustomAgentConfig, event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { StreamVersionConflict } from '../eventStore/types';
import { scopedId } from '../calls/scopedId';

export interface CustomAgentBuild {
  readonly owner: Owner;
  readonly config: CustomAgentConfig;
  readonly schedule?: CustomAgentSchedule;
  readonly requestId: string;
  readonly ip: string;
}

/**
 * Builds a custom agent on `agent-<id>`: registered in the network first (so messages reach it and its memory is its
 * own), then its configuration and schedule. The id comes from the request id, so a repeated request builds nothing new.
 */
export async function buildCustomAgent(store: EventStore, build: CustomAgentBuild): Promise<{ agentId: string; created: boolean }> {
  const agentId = scopedId('cag', build.requestId, build.owner);
  const { owner, config, schedule } = build;
  try {
    await store.append(
      streams.customAgent(agentId),
      [
        event('AgentRegistered', {
          agentId,
          owner,
          name: config.name,
          description: 'A custom agent (POST /agents/build).',
          capabilities: config.tools.slice(0, 20),
        }),
        event('CustomAgentBuilt', { agentId, owner, ...config }),
        ...(schedule ? [event('CustomAgentScheduled', { agentId, schedule })] : []),
      ],
      { expectedVersion: 'no_stream', metadata: { requestId: build.requestId, ip: build.ip, actor: owner } },
    );
    return { agentId, created: true };
  } catch (error) {
    if (error instanceof StreamVersionConflict) return { agentId, created: false };
    throw error;
  }
}
