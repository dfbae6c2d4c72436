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
