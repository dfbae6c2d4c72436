import { sql } from 'kysely';
import pg from 'pg';
import { answerKeyOf, claimKey, holdClaimOwner, keepAnswer, purgeAnswers, releaseKey } from '../../core/idempotency';
import { CLAIM_OWNERS_LOCK_CLASS } from '../../core/idempotency/claimOwner';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';

/** The store of first answers (core/idempotency) on real PostgreSQL: one claim per key, sealed answers, the purge. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const answer = (text: string) => ({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(text) });
let keys = 0;
const freshKey = () => answerKeyOf('key:acct-int', `int-${++keys}`);

describe('first answers to idempotency keys', () => {
  it('lets exactly one of many concurrent requests with a key claim it; the others see it running', async () => {
    const key = freshKey();
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimKey(database.db, key, 'fp', 120)));
    expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'running')).toHaveLength(11);
  });

  it('gives the kept answer back to the same request, and says another request is another', async () => {
    const key = freshKey();
    const claim = await claimKey(database.db, key, 'fp', 120);
    expect(claim.kind).toBe('claimed');
    expect(await keepAnswer(database.db, key, 'fp', { kind: 'kept', answer: answer('{"id":1}') }, 'durable')).toEqual({ kind: 'this' });
    expect(await claimKey(database.db, key, 'fp', 120)).toEqual({ kind: 'kept', answer: answer('{"id":1}') });
    expect(await claimKey(database.db, key, 'other', 120)).toEqual({ kind: 'other-request' });
  });

  it('keeps the first of two answers to one key: the later one is told to send the first', async () => {
    const key = freshKey();
    await claimKey(database.db, key, 'fp', 120);
    expect(await keepAnswer(database.db, key, 'fp', { kind: 'kept', answer: answer('first') }, 'refindable')).toEqual({ kind: 'this' });
    expect(await keepAnswer(database.db, key, 'fp', { kind: 'kept', answer: answer('second') }, 'refindable')).toEqual({
      kind: 'first',
      answer: answer('first'),
    });
  });

  it('frees a released claim for the next request, and only its own claim', async () => {
    const key = freshKey();
    const first = await claimKey(database.db, key, 'fp', 120);
    await releaseKey(database.db, key, '00000000-0000-0000-0000-000000000000');
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('running');
    if (first.kind !== 'claimed') throw new Error('not claimed');
    await releaseKey(database.db, key, first.claim);
    expect((await claimKey(database.db, key, 'other', 120)).kind).toBe('claimed');
  });

  it('stores the answer sealed under the key: neither the key nor the body is in the row', async () => {
    const key = answerKeyOf('key:acct-int', 'sealed-key-1');
    await claimKey(database.db, key, 'fp', 120);
    await keepAnswer(database.db, key, 'fp', { kind: 'kept', answer: answer('{"secret":"apk_visible"}') }, 'durable');
    const { rows } = await sql<{
      key_digest: string;
      answer: Buffer;
    }>`select key_digest, answer from idempotent_answers where key_digest = ${key.digest}`.execute(database.db);
    expect(rows[0]!.key_digest).not.toContain('sealed-key-1');
    expect(rows[0]!.answer.includes(Buffer.from('apk_visible'))).toBe(false);
    // Another key's secret cannot open it: the same request under another key is nothing kept.
    expect((await claimKey(database.db, answerKeyOf('key:acct-int', 'sealed-key-2'), 'fp', 120)).kind).toBe('claimed');
  });

  it('purges answers older than the window and keeps younger ones', async () => {
    const [old, young] = [freshKey(), freshKey()];
    for (const key of [old, young]) {
      await claimKey(database.db, key, 'fp', 120);
      await keepAnswer(database.db, key, 'fp', { kind: 'kept', answer: answer('x') }, 'durable');
    }
    await sql`update idempotent_answers set created_at = now() - interval '25 hours' where key_digest = ${old.digest}`.execute(database.db);
    await sql`update idempotent_answers set created_at = now() - interval '23 hours' where key_digest = ${young.digest}`.execute(database.db);
    expect(await purgeAnswers(database.db, { now: () => new Date() }, 24)).toBeGreaterThanOrEqual(1);
    expect((await claimKey(database.db, old, 'fp', 120)).kind).toBe('claimed');
    expect((await claimKey(database.db, young, 'fp', 120)).kind).toBe('kept');
  });
});

describe('claims of an API that is gone', () => {
  /** A session holding an owner lock as an API's does, that can be ended without a goodbye (its process killed). */
  async function rawOwner(id: number) {
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('select pg_advisory_lock($1, $2)', [CLAIM_OWNERS_LOCK_CLASS, id]);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { kill: () => sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(database.db) };
  }

  it("passes a claim on at once when its API's session ended, not before", async () => {
    const key = freshKey();
    const owner = await rawOwner(4242);
    expect((await claimKey(database.db, key, 'fp', 120, 4242)).kind).toBe('claimed');
    // Alive: the same request elsewhere still finds it running, owner or not.
    expect((await claimKey(database.db, key, 'fp', 120, 7)).kind).toBe('running');
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('running');
    await owner.kill();
    await waitFor(async () => (await claimKey(database.db, key, 'fp', 120)).kind === 'claimed');
    // Another request under the key is still another, whoever made the claim.
    expect((await claimKey(database.db, key, 'other', 120)).kind).toBe('other-request');
  });

  it('keeps a claim that names no owner for its whole lease', async () => {
    const key = freshKey();
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('claimed');
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('running');
    await sql`update idempotent_answers set created_at = now() - interval '121 seconds' where key_digest = ${key.digest}`.execute(database.db);
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('claimed');
  });

  it("an API's own lock: its claims run while it lives, it takes its id back after a lost connection, and its stop frees them", async () => {
    const errors: unknown[] = [];
    const owner = await holdClaimOwner(database.url, { onError: (error) => errors.push(error) });
    const id = owner.current()!;
    expect(id).toBeGreaterThan(0);
    const key = freshKey();
    expect((await claimKey(database.db, key, 'fp', 120, id)).kind).toBe('claimed');
    // Its connection lost (the server ended the session): no owner meanwhile, then the same id again.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'toolgate-claim-owner' and datname = current_database()`.execute(
      database.db,
    );
    await waitFor(async () => owner.current() === null);
    await waitFor(async () => owner.current() === id);
    expect(errors.length).toBeGreaterThan(0);
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('running');
    await owner.close();
    expect(owner.current()).toBeNull();
    expect((await claimKey(database.db, key, 'fp', 120)).kind).toBe('claimed');
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
