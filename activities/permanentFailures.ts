import { ApplicationFailure } from '@temporalio/common';
import { storableMessage } from '../core/validation/storableText';

/** The failure type of an error that no retry can mend (a value PostgreSQL refuses, SQLSTATE class 22). */
export const PERMANENT_DATA_ERROR = 'DataException';

/**
 * PostgreSQL's data exceptions (NUL or invalid Unicode in text, a value out of range …) fail the same way every
 * time: retried under a 24-hour policy they would leave a call or job stuck for a day. They fail at once instead.
 */
export function permanentFailureOf(error: unknown): ApplicationFailure | null {
  if (error instanceof ApplicationFailure || !(error instanceof Error)) return null;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof severity !== 'string' || typeof code !== 'string' || !code.startsWith('22')) return null;
  return ApplicationFailure.create({
    type: PERMANENT_DATA_ERROR,
    message: `a value could not be stored (${code}): ${storableMessage(error.message)}`,
    nonRetryable: true,
  });
}

type AsyncFunction = (...args: never[]) => Promise<unknown>;

/** Every activity, with permanent errors marked non-retryable (activities/createActivities.ts applies it to all). */
export function withPermanentFailures<T extends Record<string, AsyncFunction>>(activities: T): T {
  const wrapped: Record<string, AsyncFunction> = {};
  for (const [name, activity] of Object.entries(activities)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        return await activity(...args);
      } catch (error) {
        throw permanentFailureOf(error) ?? error;
      }
    };
  }
  return wrapped as T;
}
