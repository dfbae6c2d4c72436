import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { scopedId } from '../calls/scopedId';

export interface NetworkAgentRegistration {
  readonly name: string;
  readonly description: string;
  readonly capabilities: string[];
  readonly wallet?: string;
}

/** Registers an agent owned by the caller; its id comes from the call, so a repeated run registers nothing new. */
export async function registerNetworkAgent(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  agent: NetworkAgentRegistration,
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    const agentId = scopedId('agt', scope.callId);
    const data = { agentId, owner, name: agent.name, description: agent.description, capabilities: agent.capabilities };
    const [stored] = (
      await tx.append(streams.networkAgent(agentId), [event('AgentRegistered', agent.wallet ? { ...data, wallet: agent.wallet.toLowerCase() } : data)], {
        expectedVersion: 'no_stream',
        metadata,
      })
    ).events;
    return { agent_id: agentId, name: agent.name, owner_kind: owner.startsWith('key:') ? 'key' : 'wallet', registered_at: stored!.recordedAt.toISOString() };
  });
}
