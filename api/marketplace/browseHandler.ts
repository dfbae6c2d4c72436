import { browseListings } from '../../core/marketplace/browseListings';
import { type FamilyHandlers } from '../inline/inlineHandler';
import type { marketplaceTools } from '../../schema/marketplace/marketplaceTools';

/** The marketplace's free read (list, delist and call are paid tools: activities/marketplace/). */
export const marketplaceHandlers: FamilyHandlers<typeof marketplaceTools> = {
  marketplace: (input, { deps }) =>
    browseListings(deps.store.db, {
      q: input.q,
      tool: input.tool,
      agentId: input.agent_id,
      limit: input.limit,
      offset: input.offset,
    }),
};
