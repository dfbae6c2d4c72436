import type { SaleSplit } from '../../schema/marketplace/listingLimits';
import type { Micros } from '../../schema/money';

/** A marketplace call's price shared out (MARKETPLACE_SPLIT): integer micro-USD, nothing lost. */
export function saleSplit(price: Micros, toolPrice: Micros, feePercent: number): SaleSplit {
  if (price < toolPrice) throw new Error(`a listing price (${price}) below its tool's list price (${toolPrice})`);
  const markup = price - toolPrice;
  const fee = Math.floor((markup * feePercent) / 100);
  return { priceMicros: price, toolMicros: toolPrice, feeMicros: fee, sellerMicros: markup - fee };
}
