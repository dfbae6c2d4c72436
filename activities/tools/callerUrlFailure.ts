import { ApplicationFailure } from '@temporalio/activity';
import { fetchErrorCause, UnsafeUrl } from '../../core/net/safeFetch';
import { invalidInput } from '../../core/calls/callFailures';

/**
 * What a failed fetch of a caller's URL becomes: the cancellation itself when the call was cancelled, a failure
 * already decided as it is, and otherwise the caller's error (400) naming the field: a refused address or a
 * server that could not be reached.
 */
export function callerUrlFailure(error: unknown, field: string, hint: string, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof ApplicationFailure) return error;
  if (error instanceof UnsafeUrl) return invalidInput(`${field} refused: ${error.message}`, hint);
  return invalidInput(`${field} could not be fetched: ${fetchErrorCause(error)}`, hint);
}
