import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { asyncCommit } from './asyncCommit';
import { type AnswerKey, type KeptAnswer, openAnswer } from './answerCipher';
import { claimOwnerGone } from './claimOwner';

/** A claim still running after this long (its process died before answering) passes to the next same request. */
export const CLAIM_LEASE_SECONDS = 120;

export type Claim =
  /** Nobody sent this key before (or its first request died unanswered): this request runs, as `claim`. */
  | { readonly kind: 'claimed'; readonly claim: string }
  /** The key was sent for a different request (route, body or credentials). */
  | { readonly kind: 'other-request' }
  /** The same request was answered: here is that answer. */
  | { readonly kind: 'kept'; readonly answer: KeptAnswer }
  /** The same request is running now, elsewhere. */
  | { readonly kind: 'running' }
  /** The same request was answered, but its answer was not kept (too large, or streamed). */
  | { readonly kind: 'unkept'; readonly reason: string };

/**
 * Claims a caller's idempotency key for a request, or says what became of its earlier use: one statement decides,
 * so two concurrent requests with one key never both claim it. A running claim passes to the next same request when
 * the API that made it is gone (`owner`: its lock is no longer held, core/idempotency/claimOwner.ts) or, whoever made
 * it, once it has run longer than `leaseSeconds` (its process died before answering, or named no owner). Committed
 * without waiting for the disk (asyncCommit).
 */
export async function claimKey(db: Db, key: AnswerKey, fingerprint: string, leaseSeconds: number, owner: number | null = null): Promise<Claim> {
  // A claim released between the insert and the read (its request refused) is claimed again: a few tries at most.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = randomUUID();
    const { rows } = await sql<{ claim: string }>`
      insert into idempotent_answers as a (scope, key_digest, fingerprint, state, claim, owner)
      select ${key.scope}, ${key.digest}, ${fingerprint}, 'running', ${claim}::uuid, ${owner}::integer from ${asyncCommit}
      on conflict (scope, key_digest) do update set claim = excluded.claim, owner = excluded.owner, created_at = now()
        where a.state = 'running' and a.fingerprint = excluded.fingerprint
          and (a.created_at < now() - make_interval(secs => ${leaseSeconds}) or ${claimOwnerGone})
      returning a.claim`.execute(db);
    if (rows[0]?.claim === claim) return { kind: 'claimed', claim };
    const found = await db
      .selectFrom('idempotent_answers')
      .select(['fingerprint', 'state', 'answer', 'unkept_reason'])
      .where('scope', '=', key.scope)
      .where('key_digest', '=', key.digest)
      .executeTakeFirst();
    if (!found) continue;
    if (found.fingerprint !== fingerprint) return { kind: 'other-request' };
    if (found.state === 'kept' && found.answer) return { kind: 'kept', answer: openAnswer(key, found.answer) };
    if (found.state === 'unkept') return { kind: 'unkept', reason: found.unkept_reason ?? 'not kept' };
    return { kind: 'running' };
  }
  throw new Error('an idempotency key was claimed and released three times in a row');
}
