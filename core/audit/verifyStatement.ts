import { leafHash } from './eventHash';
import { checkpointSignatureHolds, keyIdOf } from './logKey';
import { verifyInclusion } from './merkle';
import { balanceOf } from './statementBalance';
import { type Statement, type StatementBalance, STATEMENT_FORMAT } from './statementFormat';

export interface StatementVerdict {
  readonly ok: boolean;
  readonly problems: readonly string[];
  /** Whether the key was given by the verifier (pinned) rather than read from the statement itself. */
  readonly keyPinned: boolean;
  readonly events: number;
  readonly opening: StatementBalance;
  readonly closing: StatementBalance;
}

const BALANCE_FIELDS = ['available_micros', 'reserved_micros', 'credited_micros', 'spent_micros'] as const;
const isHex = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);

/**
 * Checks a statement with nothing but itself and the log's public key (base64, as /.well-known/toolgate-log-key
 * serves it; the statement's own copy when none is pinned): the checkpoint's signature, every event's inclusion in
 * the signed tree, that the events are the account's stream from its first version with none left out, and the
 * balances recomputed from them. Pure: no database, no service (scripts/verify.ts; docs/audit.md says how to
 * write another).
 */
export function verifyStatement(input: unknown, pinnedKey?: string): StatementVerdict {
  const problems: string[] = [];
  const s = input as Statement;
  const zero = { available_micros: 0, reserved_micros: 0, credited_micros: 0, spent_micros: 0 };
  const fail = (problem: string): StatementVerdict => ({
    ok: false,
    problems: [problem],
    keyPinned: pinnedKey !== undefined,
    events: 0,
    opening: zero,
    closing: zero,
  });
  if (typeof s !== 'object' || s === null || s.format !== STATEMENT_FORMAT) return fail(`not a ${STATEMENT_FORMAT} statement`);
  if (!Array.isArray(s.events) || typeof s.checkpoint !== 'object' || s.checkpoint === null) return fail('the statement has no events list or no checkpoint');

  const key = pinnedKey ?? s.log_key?.public_key;
  const c = s.checkpoint;
  if (typeof key !== 'string') problems.push('no public key to check the checkpoint with');
  else {
    let keyId: string | null = null;
    try {
      keyId = keyIdOf(Buffer.from(key, 'base64'));
    } catch {
      problems.push('the public key is not base64');
    }
    if (keyId !== null && keyId !== c.key_id) problems.push(`the checkpoint is signed by key ${c.key_id}, not by the key given (${keyId})`);
    else if (!checkpointSignatureHolds(key, { treeSize: c.tree_size, rootHash: c.root_hash, issuedAt: c.issued_at }, c.signature))
      problems.push(`checkpoint #${c.id}: its signature does not verify: forged or altered`);
  }
  if (!isHex(c.root_hash) || !Number.isSafeInteger(c.tree_size)) problems.push('the checkpoint has no valid tree size or root hash');
  const root = Buffer.from(String(c.root_hash), 'hex');

  const seen = new Set<number>();
  s.events.forEach((e, i) => {
    const name = `event #${e.version} (position ${e.position}, ${e.type})`;
    if (e.stream !== s.stream) problems.push(`${name} is on stream ${e.stream}, not the statement's ${s.stream}`);
    if (e.version !== i + 1) problems.push(`${name} stands where version ${i + 1} should: an event is missing or out of order`);
    if (e.data?.accountId !== undefined && e.data.accountId !== s.account_id) problems.push(`${name} is another account's (${String(e.data.accountId)})`);
    if (seen.has(e.leaf_index)) problems.push(`${name} claims a leaf another event has`);
    seen.add(e.leaf_index);
    if (Date.parse(e.recorded_at) > Date.parse(s.period.to)) problems.push(`${name} was recorded after the period's end`);
    const inPeriod = s.period.from === null || Date.parse(e.recorded_at) >= Date.parse(s.period.from);
    if (e.in_period !== inPeriod) problems.push(`${name} is marked ${e.in_period ? 'in' : 'out of'} the period, yet was recorded ${e.recorded_at}`);
    let leaf: Buffer;
    try {
      leaf = leafHash({
        position: e.position,
        stream: e.stream,
        version: e.version,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        recordedAt: e.recorded_at,
      });
    } catch {
      problems.push(`${name} cannot be hashed`);
      return;
    }
    const proof = Array.isArray(e.inclusion_proof) && e.inclusion_proof.every(isHex) ? e.inclusion_proof.map((h: string) => Buffer.from(h, 'hex')) : null;
    if (!proof || !verifyInclusion(e.leaf_index, c.tree_size, leaf, proof, root))
      problems.push(`${name} is not in the signed log as stated: its content, place or proof was altered`);
  });

  const opening = balanceOf(s.events.filter((e) => !e.in_period));
  const closing = balanceOf(s.events);
  for (const [label, stated, computed] of [
    ['opening', s.opening_balance, opening],
    ['closing', s.closing_balance, closing],
  ] as const)
    for (const field of BALANCE_FIELDS)
      if (stated?.[field] !== computed[field])
        problems.push(`the ${label} ${field} stated is ${String(stated?.[field])}; the events add up to ${computed[field]}`);

  return { ok: problems.length === 0, problems, keyPinned: pinnedKey !== undefined, events: s.events.length, opening, closing };
}
