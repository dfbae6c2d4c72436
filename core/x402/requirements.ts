import type { Address } from 'viem';
import { microsToAtomicUsdc, type Micros } from '../../schema/money';
import type { PaymentTerms } from './paymentTerms';

/** How a payment moves the money: exactly the price (EIP-3009), or anything up to a maximum the payer signed (Permit2). */
export type PaymentScheme = 'exact' | 'upto';

/**
 * What one call costs and how to pay it, in one shape; the wire views (v1 body, v2 header,
 * the spec's `x402` block) are all derived from it, so they cannot disagree.
 */
export interface PaymentRequirements extends PaymentTerms {
  readonly scheme: PaymentScheme;
  /**
   * Atomic token units (USDC has 6 decimals, so equal to micro-USD): the price (exact), or the most the call can cost
   * (upto, when offered) and what it did cost (upto, when settled).
   */
  readonly amount: bigint;
  /** Absolute URL of the thing paid for. */
  readonly resource: string;
  readonly description: string;
  readonly mimeType: string;
  /** upto: the one facilitator the payer lets settle (it chooses the amount, up to the maximum). */
  readonly facilitator?: Address;
}

export interface PricedResource {
  readonly price: Micros;
  readonly resource: string;
  readonly description: string;
  readonly mimeType?: string;
  /** `upto`, with the facilitator that settles it; `exact` when absent. */
  readonly upto?: { readonly facilitator: Address };
}

export function buildRequirements(terms: PaymentTerms, priced: PricedResource): PaymentRequirements {
  if (priced.price <= 0) throw new RangeError(`an x402 price must be positive, not ${priced.price} micro-USD`);
  // v1 clients validate it as a URL and refuse to pay otherwise.
  if (!/^https?:\/\/[^/]/.test(priced.resource) || !URL.canParse(priced.resource))
    throw new RangeError(`an x402 resource must be an absolute http(s) URL, not "${priced.resource}"`);
  return {
    ...terms,
    scheme: priced.upto ? 'upto' : 'exact',
    amount: microsToAtomicUsdc(priced.price),
    resource: priced.resource,
    description: priced.description,
    mimeType: priced.mimeType ?? 'application/json',
    ...(priced.upto ? { facilitator: priced.upto.facilitator } : {}),
  };
}
