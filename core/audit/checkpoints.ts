import type { Kysely, Selectable } from 'kysely';
import type { Tables } from '../db/tables';
import type { LogCheckpointsTable } from './logTables';
import type { LogSigner } from './logKey';
import { consistencyProof, Frontier } from './merkle';
import { extendLog, treeSize, withLogLock, withStoredTree } from './logTree';

type Db = Kysely<Tables>;

/** A signed checkpoint as served and as a statement carries it (docs/audit.md, "Checkpoints"). */
export interface SignedCheckpoint {
  readonly id: number;
  readonly tree_size: number;
  /** SHA-256 root of the first tree_size leaves, hex. */
  readonly root_hash: string;
  /** ISO 8601, UTC, milliseconds: exactly as signed. */
  readonly issued_at: string;
  readonly key_id: string;
  /** Ed25519 over logKey.ts's checkpointText, base64. */
  readonly signature: string;
}

export function checkpointOfRow(row: Selectable<LogCheckpointsTable>): SignedCheckpoint {
  return {
    id: Number(row.id),
    tree_size: Number(row.tree_size),
    root_hash: row.root_hash.toString('hex'),
    issued_at: row.issued_at.toISOString(),
    key_id: row.key_id,
    signature: row.signature.toString('base64'),
  };
}

/**
 * Extends the tree with what was appended and signs a checkpoint of it. `onlyIfGrown`: when the tree has not grown
 * since the latest checkpoint, that one is the answer (the schedule's runs sign nothing new on a quiet log). Null on
 * an empty log.
 */
export async function issueCheckpoint(db: Db, signer: LogSigner, now: Date, options: { onlyIfGrown?: boolean } = {}): Promise<SignedCheckpoint | null> {
  await extendLog(db);
  return withLogLock(db, async (trx) => {
    const size = await treeSize(trx);
    if (size === 0) return null;
    const latest = await latestCheckpoint(trx);
    if (options.onlyIfGrown && latest && latest.tree_size === size) return latest;
    const root = await withStoredTree(trx, (nodeAt) => Frontier.of(size, nodeAt).root()!);
    const issuedAt = new Date(Math.floor(now.getTime()));
    const facts = { treeSize: size, rootHash: root.toString('hex'), issuedAt: issuedAt.toISOString() };
    const row = await trx
      .insertInto('log_checkpoints')
      .values({ tree_size: size, root_hash: root, issued_at: issuedAt, key_id: signer.keyId, signature: Buffer.from(signer.sign(facts), 'base64') })
      .returningAll()
      .executeTakeFirstOrThrow();
    return checkpointOfRow(row);
  });
}

export async function latestCheckpoint(db: Db): Promise<SignedCheckpoint | null> {
  const row = await db.selectFrom('log_checkpoints').selectAll().orderBy('tree_size', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? checkpointOfRow(row) : null;
}

export async function allCheckpoints(db: Db): Promise<SignedCheckpoint[]> {
  const rows = await db.selectFrom('log_checkpoints').selectAll().orderBy('tree_size').orderBy('id').execute();
  return rows.map(checkpointOfRow);
}

/** A checkpoint with the consistency proof from the one before it (by tree size) to it: hex hashes. */
export interface ProvenCheckpoint extends SignedCheckpoint {
  readonly consistency: { readonly from_tree_size: number; readonly proof: readonly string[] } | null;
}

/** The newest `limit` checkpoints (before `beforeId` when paging), newest first, each proven to extend the previous. */
export async function checkpointsWithProofs(db: Db, limit: number, beforeId?: number): Promise<ProvenCheckpoint[]> {
  let query = db
    .selectFrom('log_checkpoints')
    .selectAll()
    .orderBy('tree_size', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  const rows = (await query.execute()).map(checkpointOfRow);
  const pairs = rows.slice(0, limit).map((c, i) => ({ c, previous: rows[i + 1] }));
  return withStoredTree(db, (nodeAt) =>
    pairs.map(({ c, previous }) => ({
      ...c,
      consistency: previous
        ? { from_tree_size: previous.tree_size, proof: consistencyProof(previous.tree_size, c.tree_size, nodeAt).map((h) => h.toString('hex')) }
        : null,
    })),
  );
}
