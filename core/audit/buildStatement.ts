import { type Kysely, sql } from 'kysely';
import { streams } from '../../schema/events';
import type { Tables } from '../db/tables';
import { issueCheckpoint, latestCheckpoint, type SignedCheckpoint } from './checkpoints';
import { type LogSigner, publicKeyOf } from './logKey';
import { RECORDED_AT_TEXT, withStoredTree } from './logTree';
import { inclusionProof } from './merkle';
import { balanceOf } from './statementBalance';
import { type Statement, STATEMENT_FORMAT, type StatementEvent } from './statementFormat';

/** The log's public key as /.well-known/toolgate-log-key serves it. */
export function logKeyDocument(signer: LogSigner): Statement['log_key'] {
  const pem = publicKeyOf(signer.publicKey).export({ format: 'pem', type: 'spki' }).toString();
  return { algorithm: 'Ed25519', key_id: signer.keyId, public_key: signer.publicKey, public_key_pem: pem };
}

interface Row {
  position: number;
  stream_id: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at_text: string;
  leaf_index: number | null;
  in_period: boolean;
}

/**
 * An account's statement for a period (statementFormat.ts): every event of its stream up to the period's end (from
 * its first, so the balance adds up from nothing), proven against the newest checkpoint. When that checkpoint does not
 * cover them yet, the tree is extended and a new checkpoint signed first; an event whose transaction is still being
 * decided below the log's horizon ends the statement before it (it will be in the next).
 */
export async function buildStatement(
  db: Kysely<Tables>,
  signer: LogSigner,
  request: { accountId: string; from?: Date; to: Date; now: Date },
): Promise<Statement> {
  const stream = streams.account(request.accountId);
  const read = async (checkpoint: SignedCheckpoint | null) =>
    (
      await sql<Row>`
        select e.position, e.stream_id, e.version, e.type, e.data, e.metadata, ${RECORDED_AT_TEXT} as recorded_at_text,
               case when l.leaf_index < ${checkpoint?.tree_size ?? 0} then l.leaf_index end as leaf_index,
               ${request.from ? sql`e.recorded_at >= ${request.from}` : sql`true`} as in_period
        from events e left join log_leaves l on l.position = e.position
        where e.stream_id = ${stream} and e.recorded_at <= ${request.to}
        order by e.version`.execute(db)
    ).rows;
  let checkpoint = await latestCheckpoint(db);
  let rows = await read(checkpoint);
  if (!checkpoint || rows.some((r) => r.leaf_index === null)) {
    checkpoint = await issueCheckpoint(db, signer, request.now);
    rows = await read(checkpoint);
  }
  const covered: Row[] = [];
  for (const row of rows) {
    if (row.leaf_index === null || row.version !== covered.length + 1) break;
    covered.push(row);
  }
  if (!checkpoint) throw new Error('the event log is empty: no checkpoint to prove a statement against');
  const size = checkpoint.tree_size;
  const proofs = await withStoredTree(db, (nodeAt) => covered.map((r) => inclusionProof(Number(r.leaf_index), size, nodeAt)));
  const events: StatementEvent[] = covered.map((r, i) => ({
    position: Number(r.position),
    stream: r.stream_id,
    version: r.version,
    type: r.type,
    data: r.data,
    metadata: r.metadata,
    recorded_at: r.recorded_at_text,
    in_period: r.in_period,
    leaf_index: Number(r.leaf_index),
    inclusion_proof: proofs[i]!.map((h) => h.toString('hex')),
  }));
  return {
    format: STATEMENT_FORMAT,
    account_id: request.accountId,
    stream,
    period: { from: request.from?.toISOString() ?? null, to: request.to.toISOString() },
    checkpoint,
    log_key: logKeyDocument(signer),
    events,
    opening_balance: balanceOf(events.filter((e) => !e.in_period)),
    closing_balance: balanceOf(events),
  };
}
