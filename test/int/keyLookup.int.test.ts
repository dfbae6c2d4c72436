import { hashApiKey, keyIdOf } from '../../core/accounts/apiKey';
import { keyRefusal } from '../../core/accounts/findKey';
import { issueKey } from '../../core/accounts/issueKey';
import { cachedKeyLookup } from '../../core/accounts/keyCache';
import { type KeyChange, listenForKeyChanges } from '../../core/accounts/keyChanges';
import { revokeKey } from '../../core/accounts/revokeKey';
import { systemClock } from '../../core/clock/clock';
import { LIVE_SCHEMA } from '../../core/projections';
import { micros } from '../../schema/money';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function newKey(): Promise<string> {
  const issued = await issueKey(database.store, systemClock, { ip: '192.0.2.7', requestId: `req-${Math.random()}`, credit: micros(0), reason: 'trial' });
  if (!issued.ok) throw new Error('no key issued');
  return issued.key;
}

const revoke = (key: string) =>
  revokeKey(database.store, { keyId: keyIdOf(hashApiKey(key)), reason: 'leaked', by: 'operator', requestId: `req-${Math.random()}`, actor: 'operator' });

describe('the request path’s key lookup', () => {
  it('finds a key the moment it is issued, even one asked for (and unknown) just before', async () => {
    const feed = await listenForKeyChanges(database.url);
    try {
      const lookup = cachedKeyLookup(database.db, { changes: feed });
      const key = await newKey();
      expect(await lookup(`${key}x`)).toBeUndefined();
      expect(await lookup(key)).toMatchObject({ keyId: keyIdOf(hashApiKey(key)), revokedAt: null });
    } finally {
      await feed.close();
    }
  });

  it('keeps a found key only until its key changes anywhere: the revocation’s notification drops it', async () => {
    const feed = await listenForKeyChanges(database.url);
    try {
      const heard: KeyChange[] = [];
      feed.onChange((change) => heard.push(change));
      const lookup = cachedKeyLookup(database.db, { changes: feed, ttlMs: 3_600_000 });
      const key = await newKey();
      const keyId = keyIdOf(hashApiKey(key));
      const heardOf = () => heard.filter((change) => change.kind === 'key' && change.keyId === keyId).length;
      // Its creation is a change too: heard (and dropped) before the lookup keeps it.
      await waitFor(async () => heardOf() === 1, 'the creation to be heard');
      expect(keyRefusal((await lookup(key))!, new Date())).toBeNull();
      // Kept: the row changed under it (by hand, as no event would) is not read again …
      await database.db.withSchema(LIVE_SCHEMA).updateTable('api_keys').set({ label: 'changed behind the cache' }).where('key_id', '=', keyId).execute();
      expect((await lookup(key))!.label).toBeNull();
      // … until the key's stream says it changed: then the next lookup reads it afresh, revoked.
      await revoke(key);
      await waitFor(async () => heardOf() === 2, 'the revocation to be heard');
      expect(keyRefusal((await lookup(key))!, new Date())?.code).toBe('key_revoked');
    } finally {
      await feed.close();
    }
  });

  it('keeps nothing without a change feed, and nothing while the feed is down', async () => {
    const key = await newKey();
    const keyId = keyIdOf(hashApiKey(key));
    const uncached = cachedKeyLookup(database.db);
    expect((await uncached(key))!.label).toBeNull();
    await database.db.withSchema(LIVE_SCHEMA).updateTable('api_keys').set({ label: 'read every time' }).where('key_id', '=', keyId).execute();
    expect((await uncached(key))!.label).toBe('read every time');

    const feed = await listenForKeyChanges(database.url);
    const lookup = cachedKeyLookup(database.db, { changes: feed, ttlMs: 3_600_000 });
    await lookup(key);
    await feed.close();
    await database.db.withSchema(LIVE_SCHEMA).updateTable('api_keys').set({ label: 'after the feed closed' }).where('key_id', '=', keyId).execute();
    expect((await lookup(key))!.label).toBe('after the feed closed');
  });
});
