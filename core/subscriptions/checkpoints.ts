import { sql, type Transaction } from 'kysely';
import type { Tables } from '../db/tables';
import { type Checkpoint, START } from '../eventStore/types';

/** Reads a subscription's checkpoint, locking it so only one process advances a subscription at a time. */
export async function lockCheckpoint(trx: Transaction<Tables>, subscriptionId: string): Promise<Checkpoint> {
  await sql`insert into subscription_checkpoints (subscription_id, transaction_id, position)
    values (${subscriptionId}, ${START.transactionId}::xid8, ${START.position}) on conflict do nothing`.execute(trx);
  const row = await trx
    .selectFrom('subscription_checkpoints')
    .select(['transaction_id', 'position'])
    .where('subscription_id', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { transactionId: String(row.transaction_id), position: row.position };
}

export async function storeCheckpoint(trx: Transaction<Tables>, subscriptionId: string, checkpoint: Checkpoint): Promise<void> {
  await sql`update subscription_checkpoints set transaction_id = ${checkpoint.transactionId}::xid8, position = ${checkpoint.position}, updated_at = now()
    where subscription_id = ${subscriptionId}`.execute(trx);
}
