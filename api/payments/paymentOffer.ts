import type { X402Runtime } from '../../core/x402/x402Runtime';
import { buildRequirements, PAYMENT_REQUIRED_HEADER, paymentRequiredHeader, specX402Block, v1PaymentRequiredFields } from '../../core/x402';
import type { Config } from '../../schema/config';
import type { Micros } from '../../schema/money';

/** Everything needed to ask for (and check) a payment for one resource. */
export interface Offer {
  readonly config: Config;
  readonly x402: X402Runtime | null;
  /** Why x402 is off here, said in 402s instead of asking for money nobody could receive. */
  readonly x402Off?: string;
  readonly resource: string;
  readonly description: string;
}

export interface OfferViews {
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
}

/**
 * The same requirements in the three shapes clients read: the spec's `x402` block, the top-level v1 fields
 * (x402Version 1, accepts[]) and the v2 PAYMENT-REQUIRED header.
 */
export function offerViews(offer: Offer, price: Micros, error: string): OfferViews {
  if (!offer.x402 || price <= 0) {
    return {
      body: { x402: { pay_to: null, network: offer.config.x402Network, accepts: [], unavailable: offer.x402Off ?? 'x402 is not configured here' } },
      headers: {},
    };
  }
  const requirements = buildRequirements(offer.x402.terms, { price, resource: offer.resource, description: offer.description });
  return {
    body: { x402: specX402Block(requirements), ...v1PaymentRequiredFields(requirements) },
    headers: { [PAYMENT_REQUIRED_HEADER]: paymentRequiredHeader(requirements, error) },
  };
}

/** The offer for one endpoint, priced per call. */
export function offerFor(deps: { config: Config; x402: X402Runtime | null; x402Off?: string }, path: string, description: string): Offer {
  return { config: deps.config, x402: deps.x402, x402Off: deps.x402Off, resource: `${deps.config.publicBaseUrl}${path}`, description };
}
