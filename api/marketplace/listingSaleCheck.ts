import { listingSale } from '../../core/marketplace/listingSale';
import type { BeforePayment } from '../calls/beforePayment';
import { NotFound } from '../errors/httpErrors';

/**
 * Before a marketplace call is paid for: the listing it names must be offered (404 otherwise), and its price, the
 * seller's share and the fee become the call's terms (the seller is credited when the call settles:
 * core/marketplace/creditSale.ts).
 */
export const listingSaleCheck: BeforePayment = (call) => (call.entry.priceFrom === 'listing' ? saleOf(call) : undefined);

/** The listing's terms (only marketplace calls wait on this read: every other call passes the check without awaiting). */
async function saleOf({ deps, input, docs }: Parameters<BeforePayment>[0]) {
  const listingId = String(input.listing_id ?? '');
  const found = await listingSale(deps.store.db, listingId, deps.config.marketplaceFeePercent);
  if (!found) throw new NotFound(`no listing ${listingId} on the marketplace`, 'GET /marketplace lists what is offered.', docs);
  const { split: _split, ...sale } = found;
  return { sale };
}
