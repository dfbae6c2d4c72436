import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { notFound } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** Takes a listing of the caller's agent off the marketplace; calls already running finish at the price they paid. */
export async function delistListing(store: EventStore, scope: CallScope, owner: Owner, input: { agentId: string; listingId: string }) {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const version = await tx.lock(streams.listing(input.listingId));
    const listing = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('listings').select('agent_id').where('listing_id', '=', input.listingId).executeTakeFirst();
    if (!listing || listing.agent_id !== input.agentId)
      throw notFound(`no listing ${input.listingId} of agent ${input.agentId}`, 'GET /marketplace?agent_id=… lists them.');
    await tx.append(streams.listing(input.listingId), [event('ListingDelisted', { listingId: input.listingId, agentId: input.agentId })], {
      expectedVersion: version,
      metadata,
    });
    return { listing_id: input.listingId, delisted: true };
  });
}
