import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { allCheckpoints } from './checkpoints';
import { leafHash } from './eventHash';
import { checkpointSignatureHolds, keyIdOf } from './logKey';
import { leafFieldsOf, type HashedEventRow, RECORDED_AT_TEXT } from './logTree';
import { Frontier } from './merkle';

/** One thing wrong with the log, naming the event when there is one. */
export interface LogProblem {
  readonly position?: number;
  readonly message: string;
}

export interface LogVerification {
  readonly problems: readonly LogProblem[];
  /** Events in the log now, and those the checkpoints do not cover yet (appended since the tree's last extension). */
  readonly events: number;
  readonly pending: number;
  readonly checkpoints: number;
  readonly treeSize: number;
}

interface Current {
  readonly position: number;
  readonly label: string;
  readonly leaf: Buffer;
}

const describe = (row: HashedEventRow) => `event at position ${row.position} (${row.stream_id} #${row.version} ${row.type})`;

/**
 * Checks the whole log against its tree and its signed checkpoints, as an auditor with database access would: every
 * checkpoint's signature under the log's public key; every event's content against the leaf hash its append recorded
 * and the leaf the tree holds for its position; the events' order against the tree's; no event in the tree's range
 * that the tree lacks; and the root of the events as they are now, at every checkpoint's size, against that
 * checkpoint. An edit, a deletion, a reorder or an insertion names the event (docs/audit.md, "Verifying the log").
 */
export async function verifyLog(db: Kysely<Tables>, publicKey: string): Promise<LogVerification> {
  const problems: LogProblem[] = [];
  const keyId = keyIdOf(Buffer.from(publicKey, 'base64'));
  const checkpoints = await allCheckpoints(db);
  for (const c of checkpoints) {
    if (c.key_id !== keyId)
      problems.push({ message: `checkpoint #${c.id} (tree size ${c.tree_size}) is signed by key ${c.key_id}, not the log's key ${keyId}` });
    else if (!checkpointSignatureHolds(publicKey, { treeSize: c.tree_size, rootHash: c.root_hash, issuedAt: c.issued_at }, c.signature))
      problems.push({ message: `checkpoint #${c.id} (tree size ${c.tree_size}): its signature does not verify: forged or altered` });
  }

  const leaves = await db.selectFrom('log_leaves').select(['leaf_index', 'position', 'leaf_hash']).orderBy('leaf_index').execute();
  leaves.forEach((leaf, i) => {
    if (Number(leaf.leaf_index) !== i) problems.push({ message: `the tree's leaf ${i} is missing (found ${leaf.leaf_index} there)` });
  });
  const leafAt = new Map(leaves.map((l) => [Number(l.position), { index: Number(l.leaf_index), hash: l.leaf_hash }]));

  // The events as they are now, in the log's order, each with its leaf recomputed from its content.
  const current: Current[] = [];
  const reported = new Set<number>();
  let cursor = { transactionId: '0', position: 0 };
  for (;;) {
    const { rows } = await sql<HashedEventRow>`
      select position, transaction_id::text as transaction_id, stream_id, version, type, data, metadata,
             ${RECORDED_AT_TEXT} as recorded_at_text, leaf_hash
      from events where (transaction_id, position) > (${cursor.transactionId}::xid8, ${cursor.position}::bigint)
      order by transaction_id, position limit 2000`.execute(db);
    for (const row of rows) {
      const position = Number(row.position);
      const leaf = leafHash(leafFieldsOf(row));
      current.push({ position, label: describe(row), leaf });
      if (row.leaf_hash && !row.leaf_hash.equals(leaf)) {
        problems.push({
          position,
          message: `${describe(row)} was changed after it was appended: its content no longer hashes to the leaf its append recorded`,
        });
        reported.add(position);
      }
      const inTree = leafAt.get(position);
      if (inTree && !inTree.hash.equals(leaf) && !reported.has(position)) {
        problems.push({ position, message: `${describe(row)} is not the event the tree holds at leaf ${inTree.index} for its position: edited or moved` });
        reported.add(position);
      }
    }
    if (rows.length < 2000) break;
    const last = rows[rows.length - 1]!;
    cursor = { transactionId: last.transaction_id, position: Number(last.position) };
  }

  const present = new Set(current.map((e) => e.position));
  for (const [position, { index }] of leafAt)
    if (!present.has(position))
      problems.push({ position, message: `event at position ${position} (leaf ${index} of the tree) is missing: deleted from the log` });

  // Order: the tree's events must come in the tree's order, and none the tree lacks may sit among them. The events out
  // of place are those off the longest run that is in order (a swap names one of the two, a move the one moved).
  const lastInTree = current.reduce((end, e, i) => (leafAt.has(e.position) ? i : end), -1);
  let pending = 0;
  const inTree: { event: Current; index: number }[] = [];
  current.forEach((e, i) => {
    const leaf = leafAt.get(e.position);
    if (leaf) inTree.push({ event: e, index: leaf.index });
    else if (i < lastInTree)
      problems.push({ position: e.position, message: `${e.label} was inserted into the log's history: it is not in the tree, yet comes before its end` });
    else pending += 1;
  });
  const inOrder = longestIncreasingRun(inTree.map((e) => e.index));
  inTree.forEach(({ event, index }, i) => {
    if (!inOrder.has(i) && !reported.has(event.position)) {
      problems.push({ position: event.position, message: `${event.label} is out of its place: leaf ${index} of the tree, read now after later ones` });
      reported.add(event.position);
    }
  });

  // The roots: of the events as they are now, and of the tree's stored leaves, at every checkpoint's size.
  const sizes = [...new Set(checkpoints.map((c) => c.tree_size))].sort((a, b) => a - b);
  const rootsNow = rootsAt(
    current.map((e) => e.leaf),
    sizes,
  );
  const rootsStored = rootsAt(
    leaves.map((l) => l.leaf_hash),
    sizes,
  );
  for (const c of checkpoints) {
    if (rootsStored.get(c.tree_size) !== c.root_hash)
      problems.push({ message: `the stored tree does not hash to checkpoint #${c.id}'s root (tree size ${c.tree_size}): the tree's tables were altered` });
    if (rootsNow.get(c.tree_size) !== c.root_hash)
      problems.push({ message: `the log's first ${c.tree_size} events no longer hash to checkpoint #${c.id}'s root: the log was rewritten` });
  }
  return { problems, events: current.length, pending, checkpoints: checkpoints.length, treeSize: leaves.length };
}

/** The root (hex) of the first n leaves for each n of `sizes` (sizes beyond the leaves get none). */
function rootsAt(leaves: readonly Buffer[], sizes: readonly number[]): Map<number, string> {
  const roots = new Map<number, string>();
  const wanted = new Set(sizes);
  const frontier = new Frontier(0, []);
  for (const leaf of leaves) {
    frontier.push(leaf);
    if (wanted.has(frontier.size)) roots.set(frontier.size, frontier.root()!.toString('hex'));
  }
  return roots;
}

/** The members (by place in `values`) of one longest strictly increasing subsequence: O(n log n). */
function longestIncreasingRun(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  });
  const run = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) run.add(i);
  return run;
}
