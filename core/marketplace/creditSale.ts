import type { MarketplaceSale } from '../../schema/calls';
import { event, type EventMetadata, streams } from '../../schema/events';
import type { EventStoreTransaction } from '../eventStore';

/**
 * The seller's share of a successful marketplace call, credited in the transaction that settles the call, so the
 * buyer's charge and the seller's credit are recorded together, once (settlement is idempotent by call id).
 */
export async function creditSale(tx: EventStoreTransaction, sale: MarketplaceSale, callId: string, metadata: EventMetadata): Promise<void> {
  if (sale.sellerMicros <= 0) return;
  const accountId = sale.sellerAccountId;
  const version = await tx.lock(streams.account(accountId));
  const credited = event('SaleProceedsCredited', {
    accountId,
    callId,
    listingId: sale.listingId,
    amountMicros: sale.sellerMicros,
    priceMicros: sale.priceMicros,
    feeMicros: sale.feeMicros,
    toolMicros: sale.toolMicros,
  });
  // Key accounts are opened with their key; a wallet seller's account may be new.
  const opened = version === 0 ? [event('AccountOpened', { accountId, kind: 'wallet' })] : [];
  await tx.append(streams.account(accountId), [...opened, credited], { expectedVersion: version, metadata });
}
