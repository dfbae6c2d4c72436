import type { Db } from '../db/createDb';
import type { AnswerKey } from './answerCipher';

/** Gives a claimed key back when its request changed nothing (refused, or to be tried again): the same key may be sent again. */
export async function releaseKey(db: Db, key: AnswerKey, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotent_answers')
    .where('scope', '=', key.scope)
    .where('key_digest', '=', key.digest)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .execute();
}
