import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { HORIZON } from '../eventStore/readAllAfter';
import { leafHash, type LeafFields } from './eventHash';
import { Frontier, type NodeAt } from './merkle';

/**
 * The log's Merkle tree as stored: leaf i is the i-th event in the order every reader of the whole log uses
 * (transaction, then position; core/eventStore/readAllAfter.ts), and only events below the horizon (no transaction
 * that could still write one before them is open) are added, so the tree only ever grows at its end. Positions alone
 * would not do: they are taken at insert, commits land in any order, and an event committed later may take a place
 * before one already in the tree. Extended in batches off the paid path (the checkpoint schedule, the statement and
 * the operator's on-demand checkpoint), under one advisory lock.
 */
const LOG_LOCK = 7243_0046;

/** An event's time as its leaf spells it: UTC, microseconds (the JS Date the driver gives has milliseconds only). */
export const RECORDED_AT_TEXT = sql<string>`to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface HashedEventRow {
  position: number;
  transaction_id: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at_text: string;
  leaf_hash: Buffer | null;
}

export function leafFieldsOf(row: HashedEventRow): LeafFields {
  return {
    position: Number(row.position),
    stream: row.stream_id,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at_text,
  };
}

type Db = Kysely<Tables>;

export async function treeSize(db: Db): Promise<number> {
  const last = await db.selectFrom('log_leaves').select('leaf_index').orderBy('leaf_index', 'desc').limit(1).executeTakeFirst();
  return last ? Number(last.leaf_index) + 1 : 0;
}

/**
 * Adds the events appended since the tree's end (below the horizon) as leaves, with the interior nodes they complete.
 * An event's leaf hash is the one its append computed; an event older than that column gets it from its content.
 * Returns the tree's size.
 */
export async function extendLog(db: Db, batch = 2000): Promise<number> {
  for (;;) {
    const { size, added } = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOG_LOCK})`.execute(trx);
      return extendOnce(trx, batch);
    });
    if (added < batch) return size;
  }
}

async function extendOnce(trx: Db, batch: number): Promise<{ size: number; added: number }> {
  const last = await trx
    .selectFrom('log_leaves')
    .select(['leaf_index', 'position', sql<string>`transaction_id::text`.as('transaction_id')])
    .orderBy('leaf_index', 'desc')
    .limit(1)
    .executeTakeFirst();
  const size = last ? Number(last.leaf_index) + 1 : 0;
  const { rows } = await sql<HashedEventRow>`
    select position, transaction_id::text as transaction_id, stream_id, version, type,
           case when leaf_hash is null then data end as data, case when leaf_hash is null then metadata end as metadata,
           ${RECORDED_AT_TEXT} as recorded_at_text, leaf_hash
    from events
    where (transaction_id, position) > (${last?.transaction_id ?? '0'}::xid8, ${last?.position ?? 0}::bigint)
      and transaction_id < ${HORIZON}
    order by transaction_id, position
    limit ${batch}`.execute(trx);
  if (rows.length === 0) return { size, added: 0 };
  const frontier = Frontier.of(size, nodeAtFrom(await loadNodes(trx, Frontier.shape(size))));
  const leaves = { index: [] as number[], position: [] as number[], txid: [] as string[], hash: [] as string[] };
  const nodes = { level: [] as number[], index: [] as number[], hash: [] as string[] };
  for (const row of rows) {
    const hash = row.leaf_hash ?? leafHash(leafFieldsOf(row));
    leaves.index.push(frontier.size);
    leaves.position.push(Number(row.position));
    leaves.txid.push(row.transaction_id);
    leaves.hash.push(hash.toString('hex'));
    frontier.push(hash, (level, index, node) => {
      nodes.level.push(level);
      nodes.index.push(index);
      nodes.hash.push(node.toString('hex'));
    });
  }
  await sql`insert into log_leaves (leaf_index, position, transaction_id, leaf_hash)
    select i, p, t::xid8, decode(h, 'hex')
    from unnest(${leaves.index}::bigint[], ${leaves.position}::bigint[], ${leaves.txid}::text[], ${leaves.hash}::text[]) as x(i, p, t, h)`.execute(trx);
  if (nodes.level.length > 0)
    await sql`insert into log_nodes (level, index, hash)
      select l, i, decode(h, 'hex') from unnest(${nodes.level}::smallint[], ${nodes.index}::bigint[], ${nodes.hash}::text[]) as x(l, i, h)`.execute(trx);
  return { size: frontier.size, added: rows.length };
}

type NodeKey = { readonly level: number; readonly index: number };
const keyOf = (level: number, index: number) => `${level}/${index}`;

/** The stored hashes of complete subtrees (level 0: leaves), by `level/index`. */
export async function loadNodes(db: Db, keys: readonly NodeKey[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (keys.length === 0) return found;
  const { rows } = await sql<{ level: number; index: number; hash: Buffer | null }>`
    select k.level, k.index, coalesce(n.hash, l.leaf_hash) as hash
    from unnest(${keys.map((k) => k.level)}::smallint[], ${keys.map((k) => k.index)}::bigint[]) as k(level, index)
    left join log_nodes n on k.level > 0 and n.level = k.level and n.index = k.index
    left join log_leaves l on k.level = 0 and l.leaf_index = k.index`.execute(db);
  for (const row of rows) if (row.hash) found.set(keyOf(row.level, Number(row.index)), row.hash);
  return found;
}

export function nodeAtFrom(nodes: ReadonlyMap<string, Buffer>): NodeAt {
  return (level, index) => {
    const hash = nodes.get(keyOf(level, index));
    if (!hash) throw new Error(`the stored log tree has no node ${keyOf(level, index)}`);
    return hash;
  };
}

/**
 * Runs a pure computation over the stored tree (a root, proofs): once to learn which nodes it reads, then, with those
 * read in one statement, for real. The computation must ask for the same nodes whatever their hashes are (all do).
 */
export async function withStoredTree<T>(db: Db, compute: (nodeAt: NodeAt) => T): Promise<T> {
  const wanted = new Map<string, NodeKey>();
  const blank = Buffer.alloc(32);
  compute((level, index) => {
    wanted.set(keyOf(level, index), { level, index });
    return blank;
  });
  return compute(nodeAtFrom(await loadNodes(db, [...wanted.values()])));
}

/** Runs `work` holding the tree's lock (nothing extends the tree meanwhile). */
export async function withLogLock<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOG_LOCK})`.execute(trx);
    return work(trx);
  });
}
