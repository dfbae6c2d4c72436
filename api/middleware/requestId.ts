import { createHash, randomUUID } from 'node:crypto';
import { decodePaymentHeaders } from '../../core/x402';
import type { Middleware, ParameterizedContext } from 'koa';
import type { RequestState } from '../deps';
import { BadRequest } from '../errors/httpErrors';

/** What a caller's own request id may look like: nothing that could smuggle header or log syntax. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the caller's X-Request-Id or Idempotency-Key (one meaning: a repeat of the same request gets the
 * first answer), else a new UUID. Only an id the caller sent is an idempotency key (ctx.state.idempotencyKey, with
 * the header it came in, so a 409 can name it). A malformed one is refused rather than replaced: a silent replacement
 * would lose the caller's idempotency. Runs inside errors(), so the refusal is a JSON 400 that still carries a request id.
 * The id also goes out as `request-id`, the header Anthropic's SDKs read (`_request_id`); OpenAI's read X-Request-Id.
 */
export function requestId(docs: string): Middleware<RequestState> {
  return async (ctx, next) => {
    const sent = ctx.get('X-Request-Id');
    const key = ctx.get('Idempotency-Key');
    // A header sent empty is malformed, not absent: ctx.get() answers '' for both, so ask the raw headers.
    const present = (name: string): boolean => ctx.req.headers[name] !== undefined;
    answerWith(ctx, randomUUID());
    for (const [header, value] of [
      ['X-Request-Id', sent],
      ['Idempotency-Key', key],
    ] as const) {
      if (present(header.toLowerCase()) && !REQUEST_ID_PATTERN.test(value)) {
        throw new BadRequest(
          `${header} must match ${REQUEST_ID_PATTERN.source}`,
          `Use 1–128 letters, digits, ".", "_", ":" or "-" (a UUID fits).`,
          docs,
        ).withCode('invalid_request_id');
      }
    }
    if (sent && key && sent !== key) {
      throw new BadRequest(
        'X-Request-Id and Idempotency-Key differ',
        'They mean the same thing here: send one of them, or the same value in both.',
        docs,
      ).withCode('invalid_request_id');
    }
    if (sent || key) {
      answerWith(ctx, sent || key);
      ctx.state.idempotencyKey = { header: key ? 'Idempotency-Key' : 'X-Request-Id', value: ctx.state.requestId };
    } else {
      const paid = paymentIdOf(ctx.headers);
      if (paid) {
        // One idempotency mechanism: the payment's id is the request's id, unique per payer (call ids are global).
        answerWith(ctx, `x402-${createHash('sha256').update(`${paid.payer}:${paid.id}`).digest('base64url')}`);
        ctx.state.idempotencyKey = { header: 'payment-identifier', value: paid.id };
      }
    }
    await next();
  };
}

/** The `payment-identifier` id of an x402 payment and who it says signed it; null without one (or without a readable payment). */
function paymentIdOf(headers: Readonly<Record<string, string | string[] | undefined>>): { payer: string; id: string } | null {
  try {
    const payment = decodePaymentHeaders(headers);
    return payment?.paymentId ? { payer: payment.payer.toLowerCase(), id: payment.paymentId } : null;
  } catch {
    // An unreadable payment (or an ill-formed id) is refused where the payment is accepted, with the reason.
    return null;
  }
}

function answerWith(ctx: ParameterizedContext<RequestState>, id: string): void {
  ctx.state.requestId = id;
  ctx.state.callId = id;
  ctx.set('X-Request-Id', id);
  ctx.set('request-id', id);
}
