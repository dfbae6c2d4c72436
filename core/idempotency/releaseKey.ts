import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { asyncCommit } from './asyncCommit';
import type { AnswerKey } from './answerCipher';

/**
 * Gives a claimed key back when its request changed nothing (refused, or to be tried again): the same key may be sent
 * again. Committed without waiting for the disk: a release a crash loses is a claim that passes on after its lease.
 */
export async function releaseKey(db: Db, key: AnswerKey, claim: string): Promise<void> {
  await sql`delete from idempotent_answers a using ${asyncCommit}
    where a.scope = ${key.scope} and a.key_digest = ${key.digest} and a.claim = ${claim}::uuid and a.state = 'running'`.execute(db);
}
