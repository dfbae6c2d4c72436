import { browseListings } from '../../core/marketplace/browseListings';
import { type FamilyHandlers } from '../inline/inlineHandler';
import { queryVectorFromWorker } from '../searchByMeaning/queryVectorFromWorker';
import type { marketplaceTools } from '../../schema/marketplace/marketplaceTools';

/** The marketplace's free read (with words, searched by meaning too: the query's vector comes from a worker) (list, delist and call are paid tools: activities/marketplace/). */
export const marketplaceHandlers: FamilyHandlers<typeof marketplaceTools> = {
  marketplace: async (input, { deps }) =>
    browseListings(deps.store.db, {
      queryVector: input.q ? await queryVectorFromWorker(deps, input.q) : null,
      q: input.q,
      tool: input.tool,
      agentId: input.agent_id,
      limit: input.limit,
      offset: input.offset,
    }),
};
