import { invalidInput, notFound } from '../../core/calls/callFailures';
import { isListable } from '../../core/marketplace/listableTool';
import { findListing } from '../../core/marketplace/findListing';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { saleSplit } from '../../core/marketplace/saleSplit';
import { micros, microsToUsd } from '../../schema/money';
import { byName } from '../../schema/registry';
import type { marketplaceTools } from '../../schema/marketplace/marketplaceTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { ToolImplementation } from '../tools/toolImplementation';

type CallInput = ToolInput<typeof marketplaceTools, 'marketplace/call'>;

/**
 * POST /marketplace/call: runs the listing's tool on its preset input with the buyer's laid over it, inside this
 * call. The call is priced at the listing (api/calls/prepareCall) and its settlement credits the seller; a failure
 * here refunds the buyer and pays nobody.
 */
export const call: ToolImplementation<CallInput> = {
  run: async (input, context) => {
    const listing = await findListing(context.deps.db, input.listing_id);
    const entry = listing ? byName.get(listing.tool) : undefined;
    if (!listing || !isListable(entry)) throw notFound(`no listing ${input.listing_id} on the marketplace`, 'GET /marketplace lists what is offered.');
    const checked = checkToolInput(entry, { ...listing.params, ...input.input });
    if (!checked.ok)
      throw invalidInput(
        `not valid ${entry.name} input: ${checked.problems.map((p) => p.message).join('; ')}`,
        `The listing runs ${entry.path}: give its input in \`input\`.`,
      );
    const result = await context.runTool(entry.name, checked.value);
    const split = saleSplit(micros(listing.price_micros), micros(Math.min(entry.price, listing.price_micros)), context.deps.config.marketplaceFeePercent);
    return {
      output: {
        listing_id: listing.listing_id,
        tool: entry.name,
        result: result.output,
        price_usd: microsToUsd(split.priceMicros),
        seller_share_usd: microsToUsd(split.sellerMicros),
        fee_usd: microsToUsd(split.feeMicros + split.toolMicros),
      },
      model: result.model,
      tokens: result.tokens,
    };
  },
};
