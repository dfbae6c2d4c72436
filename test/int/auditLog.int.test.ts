import { sql } from 'kysely';
import { buildStatement } from '../../core/audit/buildStatement';
import { issueCheckpoint } from '../../core/audit/checkpoints';
import { leafHash } from '../../core/audit/eventHash';
import { logSigner } from '../../core/audit/logKey';
import { leafFieldsOf, RECORDED_AT_TEXT, type HashedEventRow } from '../../core/audit/logTree';
import { reconcile } from '../../core/audit/reconcile';
import { type LogProblem, verifyLog } from '../../core/audit/verifyLog';
import { verifyStatement } from '../../core/audit/verifyStatement';
import { event } from '../../schema/events';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';

const signer = logSigner('11'.repeat(32));
const other = logSigner('22'.repeat(32));
const now = () => new Date();

const opened = (id: string) => event('AccountOpened', { accountId: id, kind: 'key' });
const credit = (id: string, amountMicros: number) => event('CreditGranted', { accountId: id, amountMicros, reason: 'topup' });
const reserved = (id: string, callId: string, amountMicros: number) =>
  event('ChargeReserved', { accountId: id, callId, tool: 'sentiment', amountMicros, listPriceMicros: amountMicros, discountPercent: 0, pricing: 'flat' });
const settled = (id: string, callId: string, amountMicros: number) =>
  event('ChargeSettled', { accountId: id, callId, reservedMicros: amountMicros, chargedMicros: amountMicros });

/** A log of a few accounts' money, with a signed checkpoint of it all. */
async function signedLog(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const { store } = database;
  for (const id of ['alice', 'bob', 'carol']) {
    await store.append(`account-${id}`, [opened(id), credit(id, 5_000_000)]);
    await store.append(`account-${id}`, [reserved(id, `c-${id}`, 1_000)]);
    await store.append(`account-${id}`, [settled(id, `c-${id}`, 1_000)]);
  }
  // Text PostgreSQL's jsonb and to_json must give back exactly as canonical JSON wants it (the trigger's leaf = ours).
  await store.append('account-zoë', [event('CreditGranted', { accountId: 'zoë', amountMicros: 1, reason: 'topup', reference: 'Zoë "q" \\ \n 😀 \u2028 €' })], {
    metadata: { actor: 'operator ünïcode', requestId: 'r-1' },
  });
  await issueCheckpoint(database.db, signer, now());
  await store.append('account-alice', [credit('alice', 7)]);
  await issueCheckpoint(database.db, signer, now());
  return database;
}

/** As the table's owner may: lift the append-only trigger, change the log, put the trigger back. */
async function asOwner(database: TestDatabase, change: string): Promise<void> {
  await sql.raw(`alter table events disable trigger events_no_update; ${change}; alter table events enable trigger events_no_update`).execute(database.db);
}

/**
 * What the log's verification finds, each also found by the reconciliation (npm run audit -- --reconcile), in the
 * same words: its log check is this verification.
 */
async function findings(database: TestDatabase): Promise<readonly LogProblem[]> {
  const { problems } = await verifyLog(database.db, signer.publicKey);
  const reconciled = await reconcile(database.db, { since: new Date(0), now: now(), publicKey: signer.publicKey, temporal: null, chain: null });
  const logged = reconciled.discrepancies.filter((d) => d.check === 'log verifies against its checkpoints').map((d) => d.message);
  expect(logged).toEqual(problems.map((p) => p.message));
  return problems;
}

const positionOf = async (database: TestDatabase, stream: string, version: number) =>
  Number(
    (await database.db.selectFrom('events').select('position').where('stream_id', '=', stream).where('version', '=', version).executeTakeFirstOrThrow())
      .position,
  );

describe('the tamper-evident log', () => {
  let database: TestDatabase;
  afterEach(() => database?.drop());

  it('hashes every event in its append, and an untouched log verifies against its checkpoints', async () => {
    database = await signedLog();
    const { rows } = await sql<HashedEventRow>`select position, transaction_id::text as transaction_id, stream_id, version, type, data, metadata,
      ${RECORDED_AT_TEXT} as recorded_at_text, leaf_hash from events order by position`.execute(database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.leaf_hash).toEqual(leafHash(leafFieldsOf(row)));
    const verdict = await verifyLog(database.db, signer.publicKey);
    expect(verdict.problems).toEqual([]);
    expect(verdict.checkpoints).toBe(2);
    expect(verdict.treeSize).toBe(rows.length);
    const reconciled = await reconcile(database.db, { since: new Date(0), now: now(), publicKey: signer.publicKey, temporal: null, chain: null });
    expect(reconciled.discrepancies).toEqual([]);
  });

  it('names an event edited in place', async () => {
    database = await signedLog();
    const position = await positionOf(database, 'account-bob', 2);
    await asOwner(database, `update events set data = jsonb_set(data, '{amountMicros}', '50000000') where position = ${position}`);
    const problems = await findings(database);
    expect(problems.some((p) => p.position === position && /account-bob #2 CreditGranted.*changed/.test(p.message))).toBe(true);
    expect(problems.some((p) => /no longer hash to checkpoint/.test(p.message))).toBe(true);
  });

  it('names an event edited with its hashes recomputed too, by the leaf the tree holds', async () => {
    database = await signedLog();
    const position = await positionOf(database, 'account-carol', 2);
    await asOwner(database, `update events set data = jsonb_set(data, '{amountMicros}', '1'), leaf_hash = null, body_hash = null where position = ${position}`);
    const problems = await findings(database);
    expect(problems.some((p) => p.position === position && /not the event the tree holds/.test(p.message))).toBe(true);
  });

  it('names a deleted event', async () => {
    database = await signedLog();
    const position = await positionOf(database, 'account-alice', 3);
    await asOwner(database, `delete from events where position = ${position}`);
    const problems = await findings(database);
    expect(problems.some((p) => p.position === position && /missing: deleted/.test(p.message))).toBe(true);
  });

  it('names an event swapped into another’s place in the log’s order', async () => {
    database = await signedLog();
    const a = await positionOf(database, 'account-alice', 3);
    const b = await positionOf(database, 'account-carol', 3);
    // Content and positions untouched: the two events trade their transactions, so each reads where the other did.
    await asOwner(
      database,
      `update events set transaction_id = case position when ${a} then (select transaction_id from events where position = ${b})
         else (select transaction_id from events where position = ${a}) end where position in (${a}, ${b})`,
    );
    const problems = await findings(database);
    const named = problems.filter((p) => p.position !== undefined).map((p) => p.position);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((p) => p === a || p === b)).toBe(true);
    expect(problems.some((p) => /out of its place/.test(p.message))).toBe(true);
  });

  it('names an event moved to another transaction’s place without its content changing', async () => {
    database = await signedLog();
    const moved = await positionOf(database, 'account-carol', 3);
    // The first event's transaction: the moved event now reads before everything else.
    await asOwner(database, `update events set transaction_id = (select min(transaction_id) from events) where position = ${moved}`);
    const problems = await findings(database);
    expect(problems.some((p) => p.position === moved && /out of its place/.test(p.message))).toBe(true);
  });

  it('names an event inserted into the history', async () => {
    database = await signedLog();
    await asOwner(
      database,
      `insert into events (position, transaction_id, stream_id, version, type, data) overriding system value
       select 1000000, min(transaction_id), 'account-bob', 99, 'CreditGranted', '{"accountId":"bob","amountMicros":1000000,"reason":"topup"}' from events`,
    );
    const problems = await findings(database);
    expect(problems.some((p) => p.position === 1_000_000 && /account-bob #99 CreditGranted\) was inserted/.test(p.message))).toBe(true);
  });

  it('refuses a checkpoint whose signature is forged, or made with another key', async () => {
    database = await signedLog();
    // A checkpoint claiming another root, "signed" with a key that is not the log's, and one re-signed over other facts.
    const forged = other.sign({ treeSize: 3, rootHash: 'ab'.repeat(32), issuedAt: new Date().toISOString() });
    await sql`insert into log_checkpoints (tree_size, root_hash, issued_at, key_id, signature)
      values (3, ${Buffer.from('ab'.repeat(32), 'hex')}, now(), ${signer.keyId}, ${Buffer.from(forged, 'base64')})`.execute(database.db);
    const problems = await findings(database);
    expect(problems.some((p) => /signature does not verify/.test(p.message))).toBe(true);
  });

  it('gives an account a statement that verifies offline, and fails with one amount changed', async () => {
    database = await signedLog();
    const statement = await buildStatement(database.db, signer, { accountId: 'alice', to: new Date(Date.now() + 60_000), now: now() });
    expect(statement.events.map((e) => e.type)).toEqual(['AccountOpened', 'CreditGranted', 'ChargeReserved', 'ChargeSettled', 'CreditGranted']);
    // A copy that went through a file, as a customer would keep it.
    const kept = JSON.parse(JSON.stringify(statement)) as typeof statement;
    const verdict = verifyStatement(kept, signer.publicKey);
    expect(verdict.problems).toEqual([]);
    expect(verdict.closing.available_micros).toBe(5_000_000 - 1_000 + 7);

    const changed = JSON.parse(JSON.stringify(statement)) as { events: { data: { amountMicros: number } }[]; closing_balance: { available_micros: number } };
    changed.events[1]!.data.amountMicros = 6_000_000;
    changed.closing_balance.available_micros += 1_000_000;
    const refused = verifyStatement(changed, signer.publicKey);
    expect(refused.ok).toBe(false);
    expect(refused.problems.some((p) => /event #2 .*CreditGranted.* is not in the signed log/.test(p))).toBe(true);

    const dropped = JSON.parse(JSON.stringify(statement)) as { events: unknown[] };
    dropped.events.splice(2, 1);
    expect(verifyStatement(dropped, signer.publicKey).ok).toBe(false);
    // A checkpoint signed by anyone but the log's key: refused, even over the very same facts.
    const forged = JSON.parse(JSON.stringify(statement)) as typeof statement;
    const c = statement.checkpoint;
    (forged.checkpoint as { signature: string }).signature = other.sign({ treeSize: c.tree_size, rootHash: c.root_hash, issuedAt: c.issued_at });
    expect(verifyStatement(forged, signer.publicKey).problems).toContainEqual(expect.stringMatching(/signature does not verify: forged/));
    // Another key than the log's: refused, whatever the statement carries.
    expect(verifyStatement(kept, other.publicKey).problems.some((p) => /not by the key given/.test(p))).toBe(true);
  });
});
