import { CallErrors, type DropReason, type NotConfiguredDetails, type UnreachableCause, type UnreachableDetails } from '../../schema/calls';
import { microsToUsd } from '../../schema/money';
import type { ErrorCode } from '../errors/errorCodes';
import {
  BadGateway,
  BadRequest,
  Conflict,
  GatewayTimeout,
  type HttpError,
  NotConfigured,
  NotFound,
  PaymentRequired,
  ServiceUnavailable,
  TooManyRequests,
} from '../errors/httpErrors';

/** A failure the caller cannot act on: answered as a 500 with the request id, never with its details. */
export class InternalCallError extends Error {}

/** Seconds to wait after an upstream failed, when it did not say (its own Retry-After is quoted when it did). */
const UPSTREAM_RETRY_AFTER_S = 30;

/** Seconds to wait after a call was dropped for the service's load (its deadline passed in the queue). */
const DROPPED_RETRY_AFTER_S = 1;

/**
 * A call dropped before its tool started (or, for a caller with no id to collect it by, before its answer): nothing
 * was charged. A deadline passed in the queue is the service's load, so it passes: 503 with Retry-After. A caller that
 * left never reads this; another request attached to the same call (a repeat of its key) starts it afresh instead
 * (runWorkflow), so this is seen only when that, too, could not be.
 */
export function droppedCall(reason: DropReason, retryAfterSeconds = DROPPED_RETRY_AFTER_S): ServiceUnavailable {
  return reason === 'deadline_exceeded'
    ? new ServiceUnavailable(
        "the request's deadline (X-Request-Timeout) passed before its tool could start; nothing was charged",
        retryAfterSeconds,
        'deadline_exceeded',
        {
          hint: 'Retry with a longer X-Request-Timeout, or later. Nothing was reserved or charged.',
        },
      )
    : new ServiceUnavailable('the caller disconnected before the call began; it was dropped and nothing was charged', retryAfterSeconds, 'caller_gone', {
        hint: 'Send the request again.',
      });
}

/**
 * A failed call's error as the HTTP answer its type maps to (the tool's own hint kept when it gave one): the one
 * place that decides whose fault a failure is. The caller's: 4xx. An upstream's: 502 (unreachable: no such host,
 * refused, reset, TLS, a broken answer), 503 with Retry-After (it answered an error, is rate-limiting or cooling
 * down, or our DNS resolver failed), 504 (no answer in time). This deployment's configuration (no provider, no
 * key, no sandbox): 503 `not_configured` naming the settings, with no Retry-After.
 */
export function failureToHttp(
  type: string,
  message: string,
  details: unknown[],
  docs: string,
  topUpUrl: string,
  /** The clock (deps.clock): a rate limit's reset is said as a time. */
  now: () => Date,
): HttpError | InternalCallError {
  const detail = (details[0] ?? {}) as {
    hint?: string;
    code?: ErrorCode;
    limit?: number;
    retryAfterSeconds?: number;
    neededMicros?: number;
    availableMicros?: number;
    /** An upstream's own Retry-After, in seconds. */
    retry_after_s?: number;
    upstream?: string;
  };
  const hint = detail.hint;
  switch (type) {
    case CallErrors.invalidInput: {
      const error = new BadRequest(message, hint ?? "Check the input against the tool's schema.", docs);
      return detail.code ? error.withCode(detail.code) : error;
    }
    case CallErrors.notFound:
      return new NotFound(message, null, docs).withFields(hint ? { hint } : {});
    case CallErrors.modelUnavailable:
    case CallErrors.toolUnavailable: {
      const { settings = [] } = detail as Partial<NotConfiguredDetails>;
      return new NotConfigured(message, hint ?? 'An operator must configure this service for it.', settings);
    }
    case CallErrors.upstream:
      return new ServiceUnavailable(message, detail.retry_after_s ?? UPSTREAM_RETRY_AFTER_S, 'upstream_unavailable', {
        ...(hint ? { hint } : {}),
        ...(detail.upstream ? { upstream: detail.upstream } : {}),
      });
    case CallErrors.unreachable:
      return unreachableAnswer(message, detail as Partial<UnreachableDetails>);
    case CallErrors.conflict:
      return new Conflict(message, hint ?? 'Read the current state and try again.', docs);
    case CallErrors.rateLimited: {
      const retryAfter = detail.retryAfterSeconds ?? 60;
      return new TooManyRequests(detail.limit ?? 0, retryAfter, new Date(now().getTime() + retryAfter * 1000), topUpUrl).withMessage(message);
    }
    case CallErrors.deadlineExceeded:
      return droppedCall('deadline_exceeded');
    case CallErrors.callerGone:
      return droppedCall('caller_gone');
    case CallErrors.insufficientFunds:
      return new PaymentRequired(message, {
        balance_usd: microsToUsd(detail.availableMicros ?? 0),
        cost_usd: microsToUsd(detail.neededMicros ?? 0),
        top_up_url: topUpUrl,
        x402: {},
      }).withCode('insufficient_balance');
    default:
      return new InternalCallError(`${type}: ${message}`);
  }
}

/** 502 for what answered wrongly or not at all, 504 for what did not answer in time, 503 when our own resolver failed. */
const UNREACHABLE_STATUS: Readonly<Record<UnreachableCause, 502 | 503 | 504>> = {
  no_such_host: 502,
  connection_refused: 502,
  connection_reset: 502,
  tls_failed: 502,
  bad_response: 502,
  resolver_failed: 503,
  timeout: 504,
};

export function unreachableAnswer(message: string, detail: Partial<UnreachableDetails>): HttpError {
  const cause = detail.cause ?? 'connection_refused';
  const fault = { upstream: detail.upstream ?? 'the upstream', cause, hint: detail.hint ?? 'Try again later. Nothing was charged.' };
  switch (UNREACHABLE_STATUS[cause]) {
    case 503:
      return new ServiceUnavailable(message, UPSTREAM_RETRY_AFTER_S, 'upstream_unavailable', { hint: fault.hint, upstream: fault.upstream, cause });
    case 504:
      return new GatewayTimeout(message, fault);
    default:
      return new BadGateway(message, fault);
  }
}
