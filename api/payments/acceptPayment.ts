import { readStream } from '../../core/eventStore';
import { eventStoreNonceRegistry } from '../../core/x402/eventStoreNonceRegistry';
import { decodePaymentHeaders, FacilitatorUnavailable, PAYMENT_SIGNATURE_HEADER, UndecodablePayment, verifyPayment, X_PAYMENT_HEADER } from '../../core/x402';
import type { X402Payment } from '../../schema/calls';
import { streams } from '../../schema/events';
import type { Micros } from '../../schema/money';
import type { AppDeps } from '../deps';
import { BadRequest, ServiceUnavailable } from '../errors/httpErrors';
import { type Offer, offeredRequirements } from './paymentOffer';
import { paymentRequired } from './paymentRequired';

export interface AcceptedPayment {
  readonly payer: string;
  readonly payment: X402Payment;
}

export function paymentHeaderOf(headers: Readonly<Record<string, string | string[] | undefined>>): { name: string; value: string } | null {
  for (const name of [PAYMENT_SIGNATURE_HEADER, X_PAYMENT_HEADER]) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value && value.trim()) return { name, value };
  }
  return null;
}

/**
 * Checks an x402 payment before anything runs: decoded (400 if it cannot be), verified here (signature, payee,
 * amount, validity window, token, network), its nonce claimed in the event log, then checked against the
 * chain by the facilitator (an empty wallet is refused now, not after the work). Every refusal is a 402
 * naming the reason; nothing has been charged.
 */
export async function acceptPayment(
  deps: AppDeps,
  offer: Offer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  price: Micros,
  call: { callId: string; requestId: string; docs: string },
): Promise<AcceptedPayment> {
  const sent = paymentHeaderOf(headers);
  if (!sent) throw new Error('acceptPayment needs a payment header');
  if (!offer.x402) throw paymentRequired(offer, `x402 payments are not accepted here: ${offer.x402Off ?? 'not configured'}`, price, null);

  let decoded;
  try {
    decoded = decodePaymentHeaders(headers);
  } catch (error) {
    if (error instanceof UndecodablePayment) throw new BadRequest(error.message, 'Send the payment your x402 client signed, unchanged.', call.docs);
    throw error;
  }
  if (!decoded) throw new Error('payment header vanished');
  // Checked against what the offer asks in the payment's own scheme (an unoffered scheme is refused against `exact`).
  const offered = offeredRequirements(offer, price);
  const requirements = offered.find((r) => r.scheme === decoded.scheme) ?? offered[0]!;
  const validBefore = Number(decoded.validBefore);
  const refuse = (reason: string, message: string) =>
    paymentRequired(offer, `payment refused: ${message}`, price, null, { reason }).withCode('payment_refused');

  // A retried request (same X-Request-Id) attaches to its first run: its payment is checked as of when that run began
  // (a settlement that took long must not make its own result expire), its nonce is this very call's, and the chain
  // is not asked again (it would now call the nonce used, rightly, but it was used by this very call).
  const [started] = await readStream(deps.store.db, streams.call(call.callId));
  const verdict = await verifyPayment(decoded, requirements, {
    nonces: eventStoreNonceRegistry(deps.store, { callId: call.callId, requestId: call.requestId }),
    now: started?.recordedAt ?? deps.clock.now(),
    expiryMarginSeconds: deps.config.x402ExpiryMarginSeconds,
  });
  if (!verdict.ok) throw refuse(verdict.reason, verdict.message);
  if (started) return accepted(verdict.payer);
  try {
    const onChain = await offer.x402.facilitator.verify(decoded, requirements);
    if (!onChain.ok) throw refuse(onChain.reason, onChain.message);
  } catch (error) {
    if (error instanceof FacilitatorUnavailable)
      throw new ServiceUnavailable(`the payment could not be checked: ${error.message}`, 10, 'upstream_unavailable', { upstream: 'x402 facilitator' });
    throw error;
  }
  return accepted(verdict.payer);

  function accepted(payer: string): AcceptedPayment {
    return {
      payer: payer.toLowerCase(),
      payment: {
        headerName: sent!.name,
        header: sent!.value,
        priceMicros: Number(requirements.amount),
        resource: offer.resource,
        description: offer.description,
        ...(requirements.facilitator ? { upto: { facilitator: requirements.facilitator } } : {}),
        validBefore,
      },
    };
  }
}
