import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import type { Clock } from '../clock/clock';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { generateApiKey, hashApiKey, maskApiKey } from './apiKey';
import type { KeyChangeRefusal } from './changeKeySettings';
import { lockedKey } from './lockedKey';

export type RotatedKey =
  | { readonly ok: true; readonly key: string; readonly masked: string; readonly previous: { readonly masked: string; readonly retiresAt: Date } }
  | KeyChangeRefusal;

/**
 * A new secret for a key (POST /auth/keys/{key_id}/rotate): the key keeps its id, limits and spend; its current secret
 * works `graceSeconds` more (0: it stops at once), to the millisecond, then answers 401 key_rotated. So does every older
 * secret still in an earlier rotation's grace, at the latest: a rotation with no grace leaves only the new secret.
 */
export async function rotateKey(
  store: EventStore,
  clock: Clock,
  request: { accountId?: string; keyId: string; graceSeconds: number; requestId: string; actor: string },
): Promise<RotatedKey> {
  const key = generateApiKey();
  return store.transaction(async (tx) => {
    const locked = await lockedKey(tx, request.keyId, request.accountId);
    if (!locked) return { ok: false, reason: 'not_found', message: `no key ${request.keyId} in this account` };
    if (locked.row.revoked_at) return { ok: false, reason: 'revoked', message: `key ${request.keyId} is revoked: make another instead` };
    const now = clock.now();
    const secrets = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('key_secrets')
      .select(['key_hash', 'masked', 'retires_at'])
      .where('key_id', '=', request.keyId)
      .where((eb) => eb.or([eb('retires_at', 'is', null), eb('retires_at', '>', now)]))
      .execute();
    const current = secrets.find((s) => s.retires_at === null);
    if (!current) throw new Error(`key ${request.keyId} has no current secret`);
    const retiresAt = new Date(now.getTime() + request.graceSeconds * 1000);
    // Older secrets still in an earlier rotation's grace end no later than the one rotated out now.
    const earlier = secrets.filter((s) => s.retires_at !== null && s.retires_at > retiresAt).map((s) => s.key_hash);
    const masked = maskApiKey(key);
    await tx.append(
      streams.key(request.keyId),
      [
        event('KeyRotated', {
          keyId: request.keyId,
          keyHash: hashApiKey(key),
          masked,
          previousKeyHash: current.key_hash,
          previousRetiresAt: retiresAt.toISOString(),
          ...(earlier.length ? { earlierKeyHashes: earlier } : {}),
        }),
      ],
      { expectedVersion: locked.version, metadata: { requestId: request.requestId, actor: request.actor } },
    );
    return { ok: true, key, masked, previous: { masked: current.masked, retiresAt } };
  });
}
