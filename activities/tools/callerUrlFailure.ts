import { ApplicationFailure } from '@temporalio/activity';
import { type NetworkFailure, networkFailureOf } from '../../core/net/networkFailure';
import { UnsafeUrl } from '../../core/net/safeFetch';
import { invalidInput, upstreamUnreachable } from '../../core/calls/callFailures';

/**
 * What a failed fetch of a caller's URL becomes: the cancellation itself when the call was cancelled, a failure
 * already decided as it is, the caller's error (400 url_refused) for an address the guard refuses, and the
 * upstream's (502/503/504, not charged) for a server that could not be reached: no such host, refused, reset,
 * TLS, a broken answer or no answer in time. Anything else the request could not be made with is the caller's.
 */
export function callerUrlFailure(error: unknown, field: string, url: string, hint: string, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof ApplicationFailure) return error;
  if (error instanceof UnsafeUrl) return invalidInput(`${field} refused: ${error.message}`, hint, 'url_refused');
  const network = networkFailureOf(error);
  if (network) return unreachableUrl(url, network, field);
  return invalidInput(`${field} could not be fetched: ${lowLevelMessage(error)}`, hint);
}

/** What undici keeps in `cause` (a blocked port, a bad header) says more than its "fetch failed". */
function lowLevelMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { message?: unknown } }).cause;
  return typeof cause?.message === 'string' ? cause.message : error.message;
}

/** The upstream's failure for a URL that could not be reached, naming its host. */
export function unreachableUrl(url: string, failure: NetworkFailure, field = 'url'): ApplicationFailure {
  return upstreamUnreachable(hostOf(url), failure, { subject: `${field} (${hostOf(url)})` });
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
