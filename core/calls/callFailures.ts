import { ApplicationFailure } from '@temporalio/common';
import { CallErrors } from '../../schema/calls';

/** The caller's input cannot be served: retrying would fail the same way. */
export function invalidInput(message: string, hint?: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.invalidInput, nonRetryable: true, details: hint ? [{ hint }] : [] });
}

/** The model asked for is not configured here; the hint names the variable to set. */
export function modelUnavailable(message: string, hint: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.modelUnavailable, nonRetryable: true, details: [{ hint }] });
}

/** A server the tool depends on failed (5xx, time-out): worth retrying; the caller sees 503 if it keeps failing. */
export function upstreamFailure(message: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.upstream, nonRetryable: false });
}
