import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { scopedId } from '../calls/scopedId';
import type { EventStore } from '../eventStore';

/** Adds an entry to the shared knowledge base, written by the caller's agent. */
export async function addKnowledge(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  input: { agentId: string; title: string; content: string; tags: string[] },
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const entryId = scopedId('kn', scope.callId);
    const added = { entryId, agentId: input.agentId, owner, title: input.title, content: input.content, tags: input.tags };
    const [stored] = (await tx.append(streams.knowledge(entryId), [event('KnowledgeAdded', added)], { expectedVersion: 'no_stream', metadata })).events;
    return { entry_id: entryId, agent_id: input.agentId, title: input.title, created_at: stored!.recordedAt.toISOString() };
  });
}
