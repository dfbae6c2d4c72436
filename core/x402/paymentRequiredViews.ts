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
  extensions: Record<string, unknown>;
}

/**
 * The `payment-identifier` extension as a resource server declares it: optional, and what an id must look like. A
 * payment that carries one is answered once per id (api/idempotency: the same id and payload get the first answer).
 */
export const PAYMENT_IDENTIFIER_DECLARATION = {
  info: { required: false },
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      required: { type: 'boolean' },
      id: { type: 'string', minLength: 16, maxLength: 128, pattern: '^[a-zA-Z0-9_-]+$' },
    },
    required: ['required'],
  },
} as const;

/** `declared`: extensions the route declares besides payment-identifier (the Bazaar's discovery info), by name. */
export function v2PaymentRequired(offered: Offered, error: string, declared: Readonly<Record<string, unknown>> = {}): V2PaymentRequired {
  const all = list(offered);
  // A fresh copy each time: official clients write into the declarations they were given (the payer's id).
  const extensions = { ...structuredClone(declared), 'payment-identifier': structuredClone(PAYMENT_IDENTIFIER_DECLARATION) };
  return { x402Version: 2, error, resource: toV2Resource(all[0]!), accepts: all.map(toV2Requirements), extensions };
}

/** The value of the `PAYMENT-REQUIRED` header (base64 JSON). */
export function paymentRequiredHeader(offered: Offered, error: string, declared?: Readonly<Record<string, unknown>>): string {
  return encodeBase64Json(v2PaymentRequired(offered, error, declared));
}

/** Top-level body fields for v1 clients; merge them into the 402 body beside the spec's own fields. */
export interface V1PaymentRequiredFields {
  x402Version: 1;
  accepts: V1Requirements[];
}

export function v1PaymentRequiredFields(offered: Offered): V1PaymentRequiredFields {
  return { x402Version: 1, accepts: list(offered).flatMap((r) => toV1Requirements(r) ?? []) };
}
