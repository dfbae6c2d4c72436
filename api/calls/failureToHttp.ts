import { CallErrors } from '../../schema/calls';
import { microsToUsd } from '../../schema/money';
import { BadRequest, Conflict, type HttpError, NotFound, PaymentRequired, ServiceUnavailable, TooManyRequests } from '../errors/httpErrors';

/** A failure the caller cannot act on: answered as a 500 with the request id, never with its details. */
export class InternalCallError extends Error {}

/** A failed call's error as the HTTP answer its type maps to (the tool's own hint kept when it gave one). */
export function failureToHttp(type: string, message: string, details: unknown[], docs: string, topUpUrl = docs): HttpError | InternalCallError {
  const detail = (details[0] ?? {}) as {
    hint?: string;
    limit?: number;
    retryAfterSeconds?: number;
    neededMicros?: number;
    availableMicros?: number;
    /** An upstream's own Retry-After, in seconds. */
    retry_after_s?: number;
  };
  const hint = detail.hint;
  switch (type) {
    case CallErrors.invalidInput:
      return new BadRequest(message, hint ?? "Check the input against the tool's schema.", docs);
    case CallErrors.notFound:
      return new NotFound(message, null, docs).withFields(hint ? { hint } : {});
    case CallErrors.modelUnavailable:
      return new ServiceUnavailable(message, 60, 'model_unavailable', hint ? { hint } : {});
    case CallErrors.upstream:
      // An upstream that said when to come back (Retry-After) is quoted; otherwise half a minute.
      return new ServiceUnavailable(message, detail.retry_after_s ?? 30, 'upstream_unavailable', hint ? { hint } : {});
    case CallErrors.toolUnavailable:
      return new ServiceUnavailable(message, 300, 'tool_unavailable', hint ? { hint } : {});
    case CallErrors.conflict:
      return new Conflict(message, hint ?? 'Read the current state and try again.', docs);
    case CallErrors.rateLimited: {
      const retryAfter = detail.retryAfterSeconds ?? 60;
      return new TooManyRequests(detail.limit ?? 0, retryAfter, new Date(Date.now() + retryAfter * 1000), topUpUrl).withMessage(message);
    }
    case CallErrors.insufficientFunds:
      return new PaymentRequired(message, {
        balance_usd: microsToUsd(detail.availableMicros ?? 0),
        cost_usd: microsToUsd(detail.neededMicros ?? 0),
        top_up_url: topUpUrl,
        x402: {},
      });
    default:
      return new InternalCallError(`${type}: ${message}`);
  }
}
