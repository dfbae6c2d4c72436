import { decodeBase64Json, encodeBase64Json } from '../../core/x402/base64Json';
import { PAYMENT_REQUIRED_HEADER, PAYMENT_SIGNATURE_HEADER } from '../../core/x402';
import type { HttpError } from '../errors/httpErrors';

/**
 * The A2A x402 extension (v0.2, standalone flow) on top of the one payment path: a task that must be paid is
 * input-required with the x402 PaymentRequired in its status message's `x402.payment.required` (the same object an HTTP
 * 402 sends in PAYMENT-REQUIRED); the client answers with a message naming the task and carrying the signed
 * PaymentPayload in `x402.payment.payload`, which is verified and settled exactly as a PAYMENT-SIGNATURE header is.
 */

/** The PaymentRequired a refusal offers (402s; a premium tool's 403), with the refusal as its error; null when it offers none. */
export function paymentRequiredOf(error: HttpError): Record<string, unknown> | null {
  const header = error.headers[PAYMENT_REQUIRED_HEADER];
  if (!header) return null;
  return { ...(decodeBase64Json(header) as Record<string, unknown>), error: error.message };
}

/** A message's payment as the header prepareCall reads (either x402 version: the payload says which). */
export function paymentHeaders(payment: unknown): Record<string, string> | undefined {
  if (payment === undefined || payment === null) return undefined;
  // A client may send the header's base64 form rather than the object; either way one header is decoded.
  return { [PAYMENT_SIGNATURE_HEADER]: typeof payment === 'string' ? payment : encodeBase64Json(payment) };
}
