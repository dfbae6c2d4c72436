import { encodeBase64Json } from './base64Json';
import type { PaymentRequirements } from './requirements';
import { toV1Requirements, toV2Requirements, toV2Resource, type V1Requirements, type V2Requirements, type V2Resource } from './wireRequirements';

/**
 * The three views of one set of requirements that a 402 carries: the spec's `x402` body block,
 * the v2 `PAYMENT-REQUIRED` header, and the v1 top-level body fields. Each takes the same
 * requirements, so a client reading any of them pays the same amount to the same wallet.
 */

export const PAYMENT_REQUIRED_HEADER = 'PAYMENT-REQUIRED';

/** The spec's body block: `{pay_to, network, accepts}`, with v2-style accepts that also say what is paid for. */
export interface SpecX402Block {
  pay_to: string;
  network: string;
  accepts: (V2Requirements & { resource: string; description: string; mimeType: string })[];
}

export function specX402Block(requirements: PaymentRequirements): SpecX402Block {
  return {
    pay_to: requirements.payTo,
    network: requirements.network,
    accepts: [{ ...toV2Requirements(requirements), resource: requirements.resource, description: requirements.description, mimeType: requirements.mimeType }],
  };
}

export interface V2PaymentRequired {
  x402Version: 2;
  error: string;
  resource: V2Resource;
  accepts: V2Requirements[];
}

export function v2PaymentRequired(requirements: PaymentRequirements, error: string): V2PaymentRequired {
  return { x402Version: 2, error, resource: toV2Resource(requirements), accepts: [toV2Requirements(requirements)] };
}

/** The value of the `PAYMENT-REQUIRED` header (base64 JSON). */
export function paymentRequiredHeader(requirements: PaymentRequirements, error: string): string {
  return encodeBase64Json(v2PaymentRequired(requirements, error));
}

/** Top-level body fields for v1 clients; merge them into the 402 body beside the spec's own fields. */
export interface V1PaymentRequiredFields {
  x402Version: 1;
  accepts: V1Requirements[];
}

export function v1PaymentRequiredFields(requirements: PaymentRequirements): V1PaymentRequiredFields {
  const v1 = toV1Requirements(requirements);
  return { x402Version: 1, accepts: v1 ? [v1] : [] };
}
