import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { asyncCommit } from './asyncCommit';
import { type AnswerKey, type KeptAnswer, openAnswer, sealAnswer } from './answerCipher';

export type Keeping =
  | { readonly kind: 'kept'; readonly answer: KeptAnswer }
  /** Answered, but not kept: larger than the limit, or streamed as it was written. */
  | { readonly kind: 'unkept'; readonly status: number; readonly reason: 'too_large' | 'streamed' };

/** What the caller is to be sent: this answer (it is the first), or the first one, kept by a request that ended sooner. */
export type Kept = { readonly kind: 'this' } | { readonly kind: 'first'; readonly answer: KeptAnswer };

/**
 * Records a request's answer as the first answer to its key, unless another request with the same key and request
 * got there first (a workflow tool's concurrent repeat, attached to the same run): then that one is what both send.
 * Whoever claimed the key or not, only a running claim is completed, so an answer is never replaced. `refindable`:
 * a crash may lose it, since its repeat finds the same answer again elsewhere (a workflow tool's run), so it is
 * committed without waiting for the disk; a `durable` one (an endpoint the API answers itself: a lost answer would
 * run its effect twice) waits.
 */
export async function keepAnswer(db: Db, key: AnswerKey, fingerprint: string, keeping: Keeping, durability: 'durable' | 'refindable'): Promise<Kept> {
  const [state, status, answer, reason] =
    keeping.kind === 'kept'
      ? (['kept', keeping.answer.status, sealAnswer(key, keeping.answer), null] as const)
      : (['unkept', keeping.status, null, keeping.reason] as const);
  const { rows } = await sql<{ kept: number }>`
    insert into idempotent_answers as a (scope, key_digest, fingerprint, state, claim, status, answer, unkept_reason)
    select ${key.scope}, ${key.digest}, ${fingerprint}, ${state}, ${randomUUID()}::uuid, ${status}::smallint, ${answer}::bytea, ${reason}::text
    ${durability === 'refindable' ? sql`from ${asyncCommit}` : sql``}
    on conflict (scope, key_digest) do update
      set state = excluded.state, status = excluded.status, answer = excluded.answer, unkept_reason = excluded.unkept_reason
      where a.state = 'running' and a.fingerprint = excluded.fingerprint
    returning 1 as kept`.execute(db);
  if (rows.length > 0) return { kind: 'this' };
  const first = await db
    .selectFrom('idempotent_answers')
    .select(['fingerprint', 'state', 'answer'])
    .where('scope', '=', key.scope)
    .where('key_digest', '=', key.digest)
    .executeTakeFirst();
  if (first?.state === 'kept' && first.answer && first.fingerprint === fingerprint) return { kind: 'first', answer: openAnswer(key, first.answer) };
  return { kind: 'this' };
}
