import { createListing } from '../../core/marketplace/createListing';
import type { marketplaceTools } from '../../schema/marketplace/marketplaceTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { microsOf, stateTool } from '../tools/stateTool';

export const list = stateTool<ToolInput<typeof marketplaceTools, 'marketplace/list'>>('marketplace/list', (input, { owner, scope, context }) =>
  createListing(
    context.deps.store,
    scope,
    owner,
    {
      agentId: input.agent_id,
      tool: input.tool,
      params: input.params,
      title: input.title,
      description: input.description,
      priceMicros: microsOf(input.price_usd, 'price_usd'),
    },
    context.deps.config.marketplaceFeePercent,
  ),
);
