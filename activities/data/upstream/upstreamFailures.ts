import { ApplicationFailure } from '@temporalio/common';
import { CallErrors } from '../../../schema/calls';
import { toolUnavailable } from '../../../core/calls/callFailures';

/** What a failure says about the upstream, for the caller's answer (503 hint, 404 reason). */
export interface UpstreamFailureDetails {
  readonly hint: string;
  readonly upstream: string;
  readonly status?: number;
  /** Seconds the upstream asked us to wait (Retry-After), quoted in the 503 when retries run out. */
  readonly retry_after_s?: number;
}

/** A rate limit asking for longer must not hold a call: the activity's own backoff takes over past this. */
const MAX_RETRY_DELAY_MS = 30_000;

/** The upstream is down, slow or rate-limiting: retried by the activity's policy (honouring Retry-After), then 503. */
export function upstreamUnavailable(upstream: string, message: string, status?: number, retryAfterMs?: number): ApplicationFailure {
  const delay = retryAfterMs === undefined ? undefined : Math.min(retryAfterMs, MAX_RETRY_DELAY_MS);
  const details: UpstreamFailureDetails = {
    hint: status === 429 ? `${upstream} is rate-limiting this service; try again later.` : `${upstream} is unavailable; try again later.`,
    upstream,
    ...(status ? { status } : {}),
    ...(retryAfterMs === undefined ? {} : { retry_after_s: Math.max(1, Math.ceil(retryAfterMs / 1000)) }),
  };
  return ApplicationFailure.create({
    type: CallErrors.upstream,
    message: `${upstream}: ${message}`,
    nonRetryable: false,
    details: [details],
    ...(delay === undefined ? {} : { nextRetryDelay: delay }),
  });
}

/** The upstream answered something we cannot read: asking again would read the same (503, not retried). */
export function upstreamMalformed(upstream: string, what: string): ApplicationFailure {
  return ApplicationFailure.create({
    type: CallErrors.upstream,
    message: `${upstream} answered in a form we cannot read: ${what}`,
    nonRetryable: true,
    details: [{ hint: `${upstream} may have changed its API; the operator has been told by this error.`, upstream } satisfies UpstreamFailureDetails],
  });
}

/** What the caller asked for does not exist upstream (404, with the upstream's reason). */
export function upstreamNotFound(upstream: string, reason: string, hint?: string): ApplicationFailure {
  return ApplicationFailure.create({
    type: CallErrors.notFound,
    message: `${upstream}: ${reason}`,
    nonRetryable: true,
    details: [{ hint: hint ?? 'Check the spelling, or ask for something else.', upstream, status: 404 } satisfies UpstreamFailureDetails],
  });
}

/** The upstream refused the request as the caller shaped it (a 4xx): 400 with the upstream's reason. */
export function upstreamRefused(upstream: string, status: number, reason: string): ApplicationFailure {
  return ApplicationFailure.create({
    type: CallErrors.invalidInput,
    message: `${upstream} refused the request (${status}): ${reason}`,
    nonRetryable: true,
    details: [{ hint: 'Change the input: the data source cannot serve this request as asked.', upstream, status } satisfies UpstreamFailureDetails],
  });
}

/** No credential for the upstream on this deployment: 503 not_configured naming the variables the operator must set. */
export function upstreamNotConfigured(upstream: string, variables: readonly string[]): ApplicationFailure {
  const names = variables.join(' and ');
  return toolUnavailable(`${upstream} is not configured on this service: set ${names}`, `The operator must set ${names}; the call was not charged.`, variables);
}

/** Our credential was refused (401/403): an operator's problem, not the caller's (503 not_configured naming the variable). */
export function upstreamKeyRefused(upstream: string, status: number, variable: string | undefined): ApplicationFailure {
  return toolUnavailable(
    `${upstream} refused this service's credentials (${status})`,
    variable ? `The operator must check ${variable}; the call was not charged.` : `${upstream} refused access; the operator must check it.`,
    variable ? [variable] : [],
  );
}
