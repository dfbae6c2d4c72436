import { browseListings } from '../../core/marketplace/browseListings';
import { type FamilyHandlers } from '../inline/inlineHandler';
import type { marketplaceTools } from '../../schema/marketplace/marketplaceTools';

/** The marketplace's free read (list, delist and call are paid tools: activities/marketplace/). */
export const marketplaceHandlers: FamilyHandlers<typeof marketplaceTools> = {
  marketplace: (input, { deps }) =>
    browseListings(deps.store.db, {
      q: input.q as string | undefined,
      tool: input.tool as string | undefined,
      agentId: input.agent_id as string | undefined,
      limit: input.limit as number,
      offset: input.offset as number,
    }),
};
