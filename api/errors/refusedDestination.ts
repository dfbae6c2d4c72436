import { UnresolvedDestination } from '../../core/net/checkDestination';
import type { UnsafeUrl } from '../../core/net/safeFetch';
import { unreachableAnswer } from '../calls/failureToHttp';
import { BadRequest, type HttpError } from './httpErrors';

/**
 * A URL a caller handed us to call later (a webhook, a job's callback) that the outgoing-URL guard refuses: the
 * caller's 400 `url_refused`, naming a name that does not resolve as such; but when our DNS resolver failed to
 * answer, the fault is ours: 503 with Retry-After, as a call finds it (api/calls/failureToHttp.ts).
 */
export function refusedDestination(error: UnsafeUrl, what: string, hint: string, docs: string): HttpError {
  if (error instanceof UnresolvedDestination && error.failure.cause === 'resolver_failed') {
    return unreachableAnswer(`${what} could not be checked: ${error.message}`, {
      upstream: 'the DNS resolver',
      cause: error.failure.cause,
      hint: `The DNS resolver did not answer for ${error.host}; try again later.`,
    });
  }
  return new BadRequest(`${what} refused: ${error.message}`, hint, docs).withCode('url_refused');
}
