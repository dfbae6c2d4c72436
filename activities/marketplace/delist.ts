import { delistListing } from '../../core/marketplace/delistListing';
import type { marketplaceTools } from '../../schema/marketplace/marketplaceTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const delist = stateTool<ToolInput<typeof marketplaceTools, 'marketplace/delist'>>('marketplace/delist', (input, { owner, scope, context }) =>
  delistListing(context.deps.store, scope, owner, { agentId: input.agent_id, listingId: input.listing_id }),
);
