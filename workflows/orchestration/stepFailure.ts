import { ApplicationFailure, isCancellation } from '@temporalio/workflow';
import { CallErrors } from '../../schema/calls';

/**
 * A step's failure as the call's failure, naming the step ("step 2 (translate) failed: …") and keeping the tool's
 * error type, which decides the HTTP status. A cancellation (the caller went away) passes through unchanged.
 */
export function stepFailure(error: unknown, step: string): unknown {
  if (isCancellation(error)) return error;
  let cause: unknown = error;
  while (cause && !(cause instanceof ApplicationFailure) && cause instanceof Error && cause.cause) cause = cause.cause;
  const failure = cause instanceof ApplicationFailure ? cause : undefined;
  const message = failure?.message ?? (error instanceof Error ? error.message : String(error));
  return ApplicationFailure.create({
    type: failure?.type ?? CallErrors.internal,
    message: `${step} failed: ${message}`,
    nonRetryable: true,
    details: [...(failure?.details ?? [])],
  });
}
