import { type Kysely, sql, type Transaction } from 'kysely';
import type { Tables } from '../db/tables';
import { type Checkpoint, START } from '../eventStore/types';

/**
 * Reads a subscription's checkpoint, locking it so only one process advances a subscription at a time. One statement:
 * an upsert that changes nothing locks the row it finds (or makes it at the start of the log).
 */
export async function lockCheckpoint(trx: Transaction<Tables>, subscriptionId: string): Promise<Checkpoint> {
  const { rows } = await sql<{
    transaction_id: string;
    position: string | number;
  }>`insert into subscription_checkpoints (subscription_id, transaction_id, position)
    values (${subscriptionId}, ${START.transactionId}::xid8, ${START.position})
    on conflict (subscription_id) do update set subscription_id = excluded.subscription_id
    returning transaction_id, position`.execute(trx);
  const row = rows[0]!;
  return { transactionId: String(row.transaction_id), position: Number(row.position) };
}

export async function storeCheckpoint(trx: Transaction<Tables>, subscriptionId: string, checkpoint: Checkpoint): Promise<void> {
  await sql`update subscription_checkpoints set transaction_id = ${checkpoint.transactionId}::xid8, position = ${checkpoint.position}, updated_at = now()
    where subscription_id = ${subscriptionId}`.execute(trx);
}

/** Whether checkpoint `a` is later in the log than `b` (by transaction, then position). */
export function isAfter(a: Checkpoint, b: Checkpoint): boolean {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  return ta !== tb ? ta > tb : a.position > b.position;
}

/** Whether two checkpoints name the same place in the log. */
export function sameCheckpoint(a: Checkpoint, b: Checkpoint): boolean {
  return a.transactionId === b.transactionId && a.position === b.position;
}

/** Every subscription has a row from its first start, so checkpoints can be moved on without locking them one by one. */
export async function ensureCheckpoints(db: Kysely<Tables>, subscriptionIds: readonly string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const rows = sql.join(subscriptionIds.map((id) => sql`(${id}, ${START.transactionId}::xid8, ${START.position}::bigint)`));
  await sql`insert into subscription_checkpoints (subscription_id, transaction_id, position) values ${rows} on conflict do nothing`.execute(db);
}

/** Where each subscription is, unlocked (a hint for who has work; the work itself locks its checkpoint). Missing rows are absent. */
export async function readCheckpoints(db: Kysely<Tables>, subscriptionIds: readonly string[]): Promise<Map<string, Checkpoint>> {
  const rows = await db
    .selectFrom('subscription_checkpoints')
    .select(['subscription_id', 'transaction_id', 'position'])
    .where('subscription_id', 'in', subscriptionIds)
    .execute();
  return new Map(rows.map((row) => [row.subscription_id, { transactionId: String(row.transaction_id), position: Number(row.position) }]));
}

export interface CheckpointMove {
  readonly subscriptionId: string;
  readonly from: Checkpoint;
  readonly to: Checkpoint;
}

/**
 * Moves checkpoints past events their subscriptions do not handle, in one statement. Each moves only if it is still
 * where it was read: the claim "nothing to do between `from` and `to`" holds whoever set `from`, and a checkpoint
 * moved (or removed for a rebuild) meanwhile is left to its own process.
 */
export async function advanceCheckpoints(db: Kysely<Tables>, moves: readonly CheckpointMove[]): Promise<void> {
  const values = sql.join(
    moves.map(
      (m) => sql`(${m.subscriptionId}, ${m.from.transactionId}::xid8, ${m.from.position}::bigint, ${m.to.transactionId}::xid8, ${m.to.position}::bigint)`,
    ),
  );
  await sql`update subscription_checkpoints c set transaction_id = v.to_tx, position = v.to_position, updated_at = now()
    from (values ${values}) as v(id, from_tx, from_position, to_tx, to_position)
    where c.subscription_id = v.id and c.transaction_id = v.from_tx and c.position = v.from_position`.execute(db);
}
