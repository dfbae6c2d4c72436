import { ApplicationFailure } from '@temporalio/activity';
import { CallErrors } from '../../schema/calls';

/** The caller's input cannot be served: retrying would fail the same way. */
export function invalidInput(message: string, hint?: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.invalidInput, nonRetryable: true, details: hint ? [{ hint }] : [] });
}

/** The model asked for is not configured here; the hint names the variable to set. */
export function modelUnavailable(message: string, hint: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: CallErrors.modelUnavailable, nonRetryable: true, details: [{ hint }] });
}
