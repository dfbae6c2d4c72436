import { cachedKeyLookup, KEY_CACHE_MS } from '../../core/accounts/findKey';
import { hashApiKey, keyIdOf } from '../../core/accounts/apiKey';
import { issueKey } from '../../core/accounts/issueKey';
import { systemClock } from '../../core/clock/clock';
import { event, streams } from '../../schema/events';
import { micros } from '../../schema/money';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';

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

async function revoke(key: string): Promise<void> {
  const keyHash = hashApiKey(key);
  const keyId = keyIdOf(keyHash);
  const stream = streams.key(keyId);
  await database.store.append(stream, [event('KeyRevoked', { keyId, keyHash, reason: 'leaked' })]);
}

describe('the request path’s key lookup', () => {
  it('finds a key the moment it is issued, even one asked for (and unknown) just before', async () => {
    const lookup = cachedKeyLookup(database.db);
    const key = await newKey();
    expect(await lookup(`${key}x`)).toBeUndefined();
    const row = await lookup(key);
    expect(row).toMatchObject({ key_id: keyIdOf(hashApiKey(key)), revoked: false });
  });

  it('keeps a found key for its time to live, so a revocation reaches every replica within it, and never longer', async () => {
    let now = 1_000_000;
    const lookup = cachedKeyLookup(database.db, { now: () => now });
    const key = await newKey();
    expect(await lookup(key)).toBeDefined();
    await revoke(key);
    // A fresh lookup (another replica) refuses it at once; this one still trusts what it found…
    expect(await cachedKeyLookup(database.db)(key)).toBeUndefined();
    now += KEY_CACHE_MS - 1;
    expect(await lookup(key)).toBeDefined();
    // … until its time to live has passed.
    now += 2;
    expect(await lookup(key)).toBeUndefined();
  });
});
