import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { invalidInput, notFound } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/**
 * One vote per voter (the owner paying) per entry, decided under the entry's stream lock: a second vote the same
 * way changes nothing, the other way replaces the first. Nobody votes on their own entries.
 */
export async function voteKnowledge(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  input: { agentId: string; entryId: string; vote: 'up' | 'down' },
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const stream = streams.knowledge(input.entryId);
    const version = await tx.lock(stream);
    const db = tx.trx.withSchema(LIVE_SCHEMA);
    const entry = await db.selectFrom('knowledge_entries').selectAll().where('entry_id', '=', input.entryId).executeTakeFirst();
    if (!entry) throw notFound(`no knowledge entry ${input.entryId}`, 'GET /knowledge/search finds entries.');
    if (entry.owner === owner) throw invalidInput('you cannot vote on your own entries', 'Votes are what others think of an entry.');
    const earlier = await db.selectFrom('knowledge_votes').select('vote').where('entry_id', '=', input.entryId).where('voter', '=', owner).executeTakeFirst();
    const previous = earlier?.vote ?? null;
    const counts = { upvotes: entry.upvotes, downvotes: entry.downvotes };
    if (previous !== input.vote) {
      const voted = { entryId: input.entryId, voter: owner, agentId: input.agentId, vote: input.vote, previous, authorAgentId: entry.agent_id };
      await tx.append(stream, [event('KnowledgeVoted', voted)], { expectedVersion: version, metadata });
      const change = (side: 'up' | 'down') => (input.vote === side ? 1 : 0) - (previous === side ? 1 : 0);
      counts.upvotes += change('up');
      counts.downvotes += change('down');
    }
    return { entry_id: input.entryId, vote: input.vote, previous, changed: previous !== input.vote, ...counts };
  });
}
