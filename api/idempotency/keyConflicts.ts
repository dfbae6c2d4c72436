import type { IdempotencyKey } from '../deps';
import { Conflict } from '../errors/httpErrors';

/** Stripe's 409: the key was first sent with a different request (route, body or credentials), named as the caller sent it. */
export function reusedKey(key: IdempotencyKey, docs: string, what = 'request'): Conflict {
  return new Conflict(
    `${key.header} ${key.value} was already used for a different ${what}`,
    `A repeat must be the same request (route, body and credentials) to get the first answer; send a new ${key.header} for a new ${what}.`,
    docs,
  ).withCode('idempotency_conflict');
}

/** The same request with this key is running now (an endpoint the API answers itself): its answer comes to a repeat. */
export function keyInUse(key: IdempotencyKey, docs: string): Conflict {
  return new Conflict(
    `${key.header} ${key.value} is in use: the same request is still running`,
    'Send it again in a moment to get its answer; it runs once.',
    docs,
  )
    .withCode('idempotency_key_in_use')
    .withFields({ retry_after: 1 })
    .withHeaders({ 'Retry-After': '1' });
}

/** The request was answered but its answer was not kept (larger than what is kept): it is not run a second time. */
export function answerNotKept(key: IdempotencyKey, reason: string, docs: string): Conflict {
  return new Conflict(
    `${key.header} ${key.value} was answered already, and its answer was not kept (${reason.replace('_', ' ')}): it is not run again`,
    `Read the result where the first answer pointed, or send a new ${key.header} to run it again.`,
    docs,
  ).withCode('idempotency_answer_not_kept');
}
