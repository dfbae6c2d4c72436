import type { CallToolResult } from '@modelcontextprotocol/server';
import { decodeBase64Json, NotBase64Json } from '../../core/x402/base64Json';
import { PAYMENT_REQUIRED_HEADER, PAYMENT_SIGNATURE_HEADER, RECEIPT_HEADERS } from '../../core/x402';
import type { HttpError } from '../errors/httpErrors';
import { BAZAAR } from '../payments/bazaarDiscovery';

/**
 * x402 over MCP (the x402 transport spec for MCP): the payment rides in the tool call's `_meta["x402/payment"]`
 * (a PaymentPayload object), the receipt in the result's `_meta["x402/payment-response"]`, and a payment request is a
 * tool result with isError whose structuredContent is the PaymentRequired (content[0].text: the same, as JSON).
 */
export const MCP_PAYMENT_META = 'x402/payment';
export const MCP_PAYMENT_RESPONSE_META = 'x402/payment-response';

/** The payment a call's `_meta` carries, as the HTTP header the one verification path reads; null when none. */
export function paymentHeadersFrom(meta: Record<string, unknown> | undefined): Record<string, string> | null {
  const payment = meta?.[MCP_PAYMENT_META];
  if (payment === undefined || payment === null) return null;
  // A client may also send the header's base64 form; either way the verification decodes one header.
  const header = typeof payment === 'string' ? payment : Buffer.from(JSON.stringify(payment), 'utf8').toString('base64');
  return { [PAYMENT_SIGNATURE_HEADER]: header };
}

/** The settlement receipt of an x402-paid call, for the result's `_meta`; null when the call was paid otherwise. */
export function paymentResponseFrom(receiptHeaders: Readonly<Record<string, string>>): Record<string, unknown> | null {
  const header = receiptHeaders[RECEIPT_HEADERS[2]] ?? receiptHeaders[RECEIPT_HEADERS[1]];
  if (!header) return null;
  try {
    return decodeBase64Json(header) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof NotBase64Json) return null;
    throw error;
  }
}

/**
 * A refusal that offers an x402 payment (a 402: no key, a spent allowance, a premium tool) as the spec's payment-required tool result: the
 * PaymentRequired the HTTP route sends in its PAYMENT-REQUIRED header, with the refusal's message as its error and the
 * tool's own Bazaar discovery (its MCP name and input schema) in place of the HTTP route's.
 * Null when the refusal offers no payment (x402 off, bad input …).
 */
export function paymentRequiredResult(error: HttpError, discovery?: unknown): CallToolResult | null {
  const header = error.headers[PAYMENT_REQUIRED_HEADER];
  if (!header) return null;
  const decoded = decodeBase64Json(header) as Record<string, unknown>;
  const extensions = { ...(decoded.extensions as Record<string, unknown> | undefined), ...(discovery ? { [BAZAAR]: discovery } : {}) };
  const required = { ...decoded, ...(Object.keys(extensions).length ? { extensions } : {}), error: error.message };
  return { isError: true, structuredContent: required, content: [{ type: 'text', text: JSON.stringify(required) }] };
}
