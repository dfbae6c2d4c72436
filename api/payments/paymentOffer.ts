import type { X402Runtime } from '../../core/x402/x402Runtime';
import {
  buildRequirements,
  PAYMENT_REQUIRED_HEADER,
  type PaymentRequirements,
  paymentRequiredHeader,
  specX402Block,
  v1PaymentRequiredFields,
} from '../../core/x402';
import type { Config } from '../../schema/config';
import type { Micros } from '../../schema/money';
import { BAZAAR, discoveryOf, entryOfOffer } from './bazaarDiscovery';

/** Everything needed to ask for (and check) a payment for one resource. */
export interface Offer {
  readonly config: Config;
  readonly x402: X402Runtime | null;
  /** Why x402 is off here, said in 402s instead of asking for money nobody could receive. */
  readonly x402Off?: string;
  readonly resource: string;
  readonly description: string;
  /** A call whose cost is its tokens: also offered as `upto` this maximum, settled for what the call used. */
  readonly uptoMaxMicros?: Micros;
  /** What the PaymentRequired declares besides the requirements (the Bazaar's discovery info of the route), by key. */
  readonly extensions?: Readonly<Record<string, unknown>>;
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
  const requirements = offeredRequirements(offer, price);
  const extensions = offer.extensions && Object.keys(offer.extensions).length ? { extensions: offer.extensions } : {};
  return {
    body: { x402: { ...specX402Block(requirements), ...extensions }, ...v1PaymentRequiredFields(requirements) },
    headers: { [PAYMENT_REQUIRED_HEADER]: paymentRequiredHeader(requirements, error, offer.extensions) },
  };
}

/**
 * Every way this offer can be paid: `exact` the flat price (first, so clients that take the first they can pay keep
 * paying as before), and `upto` the metered maximum where the call's cost is its tokens and a facilitator can settle it.
 */
export function offeredRequirements(offer: Offer, price: Micros): PaymentRequirements[] {
  if (!offer.x402) return [];
  const priced = { resource: offer.resource, description: offer.description };
  const exact = buildRequirements(offer.x402.terms, { ...priced, price });
  const facilitator = offer.x402.uptoFacilitator;
  if (offer.uptoMaxMicros === undefined || !facilitator) return [exact];
  return [exact, buildRequirements(offer.x402.terms, { ...priced, price: offer.uptoMaxMicros, upto: { facilitator } })];
}

/**
 * The offer for one endpoint, priced per call (and, for a metered call, up to `uptoMaxMicros`); the route's entry
 * declares how to call it (Bazaar discovery).
 */
export function offerFor(
  deps: { config: Config; x402: X402Runtime | null; x402Off?: string },
  path: string,
  description: string,
  uptoMaxMicros?: Micros,
): Offer {
  const entry = entryOfOffer(path);
  return {
    config: deps.config,
    x402: deps.x402,
    x402Off: deps.x402Off,
    resource: `${deps.config.publicBaseUrl}${path}`,
    description,
    ...(uptoMaxMicros === undefined ? {} : { uptoMaxMicros }),
    ...(entry ? { extensions: { [BAZAAR]: discoveryOf(entry, deps.config) } } : {}),
  };
}
