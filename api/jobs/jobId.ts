import { createHash } from 'node:crypto';

/**
 * A job's id, derived from the submitting account and the request id: the same key resending the same
 * X-Request-Id gets its first job back, and another key's request can never land on it.
 */
export function jobIdOf(accountId: string, requestId: string): string {
  return `job_${createHash('sha256').update(`${accountId}:${requestId}`).digest('base64url').slice(0, 22)}`;
}
