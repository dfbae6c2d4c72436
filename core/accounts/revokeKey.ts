import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import type { KeyChangeRefusal } from './changeKeySettings';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { lockedKey, otherManagers } from './lockedKey';

export type RevokedKey = { readonly ok: true; readonly accountId: string; readonly already: boolean } | KeyChangeRefusal;

/**
 * Revokes a key: every secret of it stops at once, on every replica (the change feed), and its reservations are
 * refused (core/accounts/spendLimits.ts). A holder may not revoke the account's last key that can manage keys (the
 * account would be left with keys nobody can change); the operator may. Revoking a revoked key changes nothing.
 */
export async function revokeKey(
  store: EventStore,
  request: { keyId: string; accountId?: string; reason: string; by: 'holder' | 'operator'; requestId: string; actor: string },
): Promise<RevokedKey> {
  return store.transaction(async (tx) => {
    // Who manages the account's keys changes: decided under the account's lock (the operator names no account).
    if (request.accountId !== undefined) await tx.lock(streams.account(request.accountId));
    const locked = await lockedKey(tx, request.keyId, request.accountId);
    if (!locked) return { ok: false, reason: 'not_found', message: `no key ${request.keyId}` };
    const accountId = locked.row.account_id;
    if (locked.row.revoked_at) return { ok: true, accountId, already: true };
    if (request.by === 'holder' && locked.row.manage_keys && (await otherManagers(tx, accountId, request.keyId)) === 0) {
      return {
        ok: false,
        reason: 'last_manager',
        message: `key ${request.keyId} is the account's last key that can manage keys: rotate it instead (POST /auth/keys/${request.keyId}/rotate)`,
      };
    }
    const current = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('key_secrets')
      .select('key_hash')
      .where('key_id', '=', request.keyId)
      .where('retires_at', 'is', null)
      .executeTakeFirstOrThrow();
    await tx.append(
      streams.key(request.keyId),
      [event('KeyRevoked', { keyId: request.keyId, keyHash: current.key_hash, reason: request.reason, by: request.by })],
      {
        expectedVersion: locked.version,
        metadata: { requestId: request.requestId, actor: request.actor },
      },
    );
    return { ok: true, accountId, already: false };
  });
}
