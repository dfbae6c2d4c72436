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
 * works `graceSeconds` more (0: it stops at once), to the millisecond, then answers 401 key_rotated.
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
    const current = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('key_secrets')
      .select(['key_hash', 'masked'])
      .where('key_id', '=', request.keyId)
      .where('retires_at', 'is', null)
      .executeTakeFirstOrThrow();
    const retiresAt = new Date(clock.now().getTime() + request.graceSeconds * 1000);
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
        }),
      ],
      { expectedVersion: locked.version, metadata: { requestId: request.requestId, actor: request.actor } },
    );
    return { ok: true, key, masked, previous: { masked: current.masked, retiresAt } };
  });
}
