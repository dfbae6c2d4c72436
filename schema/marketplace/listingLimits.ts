import { micros } from '../money';

/** A marketplace listing. */
export const LISTING_LIMITS = {
  title: 200,
  description: 2000,
  maxPriceMicros: micros(100_000_000),
} as const;

/**
 * How a marketplace call's price is shared: the listed tool's own list price and a fee of `feePercent` % of the rest
 * (rounded down) stay with the service; the seller is credited the remainder. Integer micro-USD, nothing lost
 * (core/marketplace/saleSplit.ts).
 */
export interface SaleSplit {
  readonly priceMicros: number;
  readonly toolMicros: number;
  readonly feeMicros: number;
  readonly sellerMicros: number;
}

export const MARKETPLACE_SPLIT =
  "The buyer pays the listing's price; the listed tool's own list price and a fee of MARKETPLACE_FEE_PERCENT % of the rest (rounded down to the micro-USD) stay with the service; the seller's owner is credited the remainder, only when the call succeeds.";
