import { ApplicationFailure } from '@temporalio/common';
import { CallErrors, type NotConfiguredDetails, type UnreachableCause, type UnreachableDetails } from '../../schema/calls';
import { describeNetworkFailure, type NetworkFailure } from '../net/networkFailure';

/** The caller's input cannot be served: retrying would fail the same way. `code` names the reason when it is more than invalid input (url_refused). */
export function invalidInput(message: string, hint?: string, code?: 'url_refused' | 'unknown_model'): ApplicationFailure {
  const details = hint || code ? [{ ...(hint ? { hint } : {}), ...(code ? { code } : {}) }] : [];
  return ApplicationFailure.create({ message, type: CallErrors.invalidInput, nonRetryable: true, details });
}

/** The model asked for cannot be served by this deployment: `settings` are the variables that would let it. */
export function modelUnavailable(message: string, hint: string, settings: readonly string[]): ApplicationFailure {
  return ApplicationFailure.create({
    message,
    type: CallErrors.modelUnavailable,
    nonRetryable: true,
    details: [{ hint, settings } satisfies NotConfiguredDetails],
  });
}

/** The tool cannot run on this deployment until an operator acts (no upstream key, no sandbox, no browser). */
export function toolUnavailable(message: string, hint: string, settings: readonly string[]): ApplicationFailure {
  return ApplicationFailure.create({
    message,
    type: CallErrors.toolUnavailable,
    nonRetryable: true,
    details: [{ hint, settings } satisfies NotConfiguredDetails],
  });
}

/** A server the tool depends on failed (5xx, time-out): worth retrying; the caller sees 503 if it keeps failing. */
export function upstreamFailure(message: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.upstream, nonRetryable: false });
}

/** Causes a retry in a few seconds may mend; a name that does not resolve or a certificate we cannot trust will not. */
const RETRYABLE: ReadonlySet<UnreachableCause> = new Set(['resolver_failed', 'connection_refused', 'connection_reset', 'bad_response', 'timeout']);

/**
 * A server the call had to reach could not be reached at all: the upstream's fault (502, 503 or 504 by cause,
 * api/calls/failureToHttp.ts), never the caller's, and never charged. `subject` is what could not be read
 * ("url (host)", "robots.txt of https://…"); `upstream` the host it is on; `hint` replaces the cause's own.
 */
export function upstreamUnreachable(upstream: string, failure: NetworkFailure, options: { subject?: string; hint?: string } = {}): ApplicationFailure {
  const hint = options.hint ?? UNREACHABLE_HINTS[failure.cause](upstream);
  const details: UnreachableDetails = { upstream, cause: failure.cause, error_code: failure.code, hint };
  return ApplicationFailure.create({
    type: CallErrors.unreachable,
    message: `${options.subject ?? upstream} could not be reached: ${describeNetworkFailure(failure)}`,
    nonRetryable: !RETRYABLE.has(failure.cause),
    details: [details],
  });
}

const UNREACHABLE_HINTS: Readonly<Record<UnreachableCause, (upstream: string) => string>> = {
  no_such_host: (host) => `No address was found for ${host}: check the name; if it is right, its DNS is failing. Nothing was charged.`,
  resolver_failed: (host) => `The DNS resolver did not answer for ${host}; try again later. Nothing was charged.`,
  connection_refused: (host) => `${host} is down or refuses connections; try again later. Nothing was charged.`,
  connection_reset: (host) => `${host} dropped the connection; try again later. Nothing was charged.`,
  tls_failed: (host) => `${host} offers no TLS certificate this service trusts (expired, self-signed or for another name). Nothing was charged.`,
  bad_response: (host) => `${host} answered something that is not valid HTTP. Nothing was charged.`,
  timeout: (host) => `${host} did not answer in time; try again later. Nothing was charged.`,
};

/** Not found for this caller: unknown, or another owner's (never told apart, so nobody learns what others hold). */
export function notFound(message: string, hint?: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.notFound, nonRetryable: true, details: hint ? [{ hint }] : [] });
}

/** The state does not allow this now (a task claimed by another agent, a listing already delisted). */
export function conflict(message: string, hint?: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.conflict, nonRetryable: true, details: hint ? [{ hint }] : [] });
}

/** Too many for now; `retryAfterSeconds` says when one more is allowed. */
export function rateLimited(message: string, limit: number, retryAfterSeconds: number): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.rateLimited, nonRetryable: true, details: [{ limit, retryAfterSeconds }] });
}

/** The balance cannot cover an amount the tool must hold (besides its price, which was reserved already). */
export function insufficientFunds(message: string, neededMicros: number, availableMicros: number): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.insufficientFunds, nonRetryable: true, details: [{ neededMicros, availableMicros }] });
}
