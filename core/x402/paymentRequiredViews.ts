import { encodeBase64Json } from './base64Json';
import type { PaymentRequirements } from './requirements';
import { toV1Requirements, toV2Requirements, toV2Resource, type V1Requirements, type V2Requirements, type V2Resource } from './wireRequirements';

/**
 * The three views of one set of requirements that a 402 carries: the spec's `x402` body block,
 * the v2 `PAYMENT-REQUIRED` header, and the v1 top-level body fields. Each takes the same
 * requirements, so a client reading any of them pays the same amount to the same wallet.
 */

export const PAYMENT_REQUIRED_HEADER = 'PAYMENT-REQUIRED';

/** One way to pay, or several (a flat `exact` price beside an `upto` maximum): the first is the one shown first. */
export type Offered = PaymentRequirements | readonly PaymentRequirements[];
const list = (offered: Offered): readonly PaymentRequirements[] => (Array.isArray(offered) ? offered : [offered as PaymentRequirements]);

/** The spec's body block: `{pay_to, network, accepts}`, with v2-style accepts that also say what is paid for. */
export interface SpecX402Block {
  pay_to: string;
  network: string;
  accepts: (V2Requirements & { resource: string; description: string; mimeType: string })[];
}

export function specX402Block(offered: Offered): SpecX402Block {
  const all = list(offered);
  const first = all[0]!;
  return {
    pay_to: first.payTo,
    network: first.network,
    accepts: all.map((r) => ({ ...toV2Requirements(r), resource: r.resource, description: r.description, mimeType: r.mimeType })),
  };
}

export interface V2PaymentRequired {
  x402Version: 2;
  error: string;
  resource: V2Resource;
  accepts: V2Requirements[];
}

export function v2PaymentRequired(offered: Offered, error: string): V2PaymentRequired {
  const all = list(offered);
  return { x402Version: 2, error, resource: toV2Resource(all[0]!), accepts: all.map(toV2Requirements) };
}

/** The value of the `PAYMENT-REQUIRED` header (base64 JSON). */
export function paymentRequiredHeader(offered: Offered, error: string): string {
  return encodeBase64Json(v2PaymentRequired(offered, error));
}

/** Top-level body fields for v1 clients; merge them into the 402 body beside the spec's own fields. */
export interface V1PaymentRequiredFields {
  x402Version: 1;
  accepts: V1Requirements[];
}

export function v1PaymentRequiredFields(offered: Offered): V1PaymentRequiredFields {
  return { x402Version: 1, accepts: list(offered).flatMap((r) => toV1Requirements(r) ?? []) };
}
