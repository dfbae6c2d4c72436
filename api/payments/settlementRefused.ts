import type { Micros } from '../../schema/money';
import type { HttpError } from '../errors/httpErrors';
import { ServiceUnavailable } from '../errors/httpErrors';
import type { Offer } from './paymentOffer';
import { paymentRequired } from './paymentRequired';

/**
 * The answer to a payment whose settlement ended without money moving: the payer's refusal is a 402 naming its
 * reason (sign a new payment); a chain or facilitator that could not be reached while the authorization was valid is
 * the upstream's fault, a 503 — nothing was charged either way, and the same payment cannot be used again.
 */
export function settlementRefused(offer: Offer, refusal: { readonly reason: string; readonly message: string }, price: Micros): HttpError {
  if (refusal.reason === 'settlement_unavailable')
    return new ServiceUnavailable(`the payment could not be settled: ${refusal.message}`, 10, 'upstream_unavailable', {
      upstream: 'x402 settlement (the chain or its facilitator)',
      reason: refusal.reason,
      hint: 'Nothing was charged and the result was not given. Its authorization has expired: sign a new payment and send the call again with a new X-Request-Id.',
    });
  return paymentRequired(offer, `payment refused at settlement: ${refusal.message}`, price, null, { reason: refusal.reason }).withCode('payment_refused');
}
