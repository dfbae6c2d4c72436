import type { KeySettings } from '../../schema/accounts/keySettings';
import { manageKeysProblem } from './manageKeysProblem';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { keySettingsOf } from './findKey';
import { lockedKey, otherManagers } from './lockedKey';

export type KeyChangeRefusal =
  | { readonly ok: false; readonly reason: 'not_found'; readonly message: string }
  | { readonly ok: false; readonly reason: 'revoked' | 'manage_keys_restricted' | 'last_manager'; readonly message: string };

export type ChangedKey = { readonly ok: true } | KeyChangeRefusal;

/**
 * A key's label, limits or permission changed (PATCH /auth/keys/{key_id}): the fields given replace the key's, null
 * removes a limit. Decided under the account stream's lock (who manages keys may change) and the key's; recorded whole
 * (KeySettingsChanged) so the key's row follows from that event alone.
 */
export async function changeKeySettings(
  store: EventStore,
  request: { accountId: string; keyId: string; change: Partial<KeySettings>; requestId: string; actor: string },
): Promise<ChangedKey> {
  return store.transaction(async (tx) => {
    await tx.lock(streams.account(request.accountId));
    const locked = await lockedKey(tx, request.keyId, request.accountId);
    if (!locked) return { ok: false, reason: 'not_found', message: `no key ${request.keyId} in this account` };
    if (locked.row.revoked_at) return { ok: false, reason: 'revoked', message: `key ${request.keyId} is revoked: a revoked key does not change` };
    const settings: KeySettings = { ...keySettingsOf(locked.row), ...request.change };
    const problem = manageKeysProblem(settings);
    if (problem) return { ok: false, reason: 'manage_keys_restricted', message: problem };
    if (locked.row.manage_keys && !settings.manageKeys && (await otherManagers(tx, request.accountId, request.keyId)) === 0) {
      return { ok: false, reason: 'last_manager', message: `key ${request.keyId} is the account's last key that can manage keys` };
    }
    await tx.append(streams.key(request.keyId), [event('KeySettingsChanged', { keyId: request.keyId, settings })], {
      expectedVersion: locked.version,
      metadata: { requestId: request.requestId, actor: request.actor },
    });
    return { ok: true };
  });
}
