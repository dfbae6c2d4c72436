import type { KeySettings } from '../../schema/accounts/keySettings';
import { manageKeysProblem } from './manageKeysProblem';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { generateApiKey, hashApiKey, keyIdOf, maskApiKey } from './apiKey';

export interface CreateKeyRequest {
  readonly accountId: string;
  readonly settings: KeySettings;
  /** The key that asked (POST /auth/keys), recorded with the new one. */
  readonly createdBy: string;
  readonly requestId: string;
  readonly ip: string;
}

export type CreatedKey =
  | { readonly ok: true; readonly key: string; readonly keyId: string; readonly masked: string }
  | { readonly ok: false; readonly reason: 'manage_keys_restricted'; readonly message: string };

/**
 * Another key of an existing account: it spends the account's balance within its own settings. Decided under the
 * account stream's lock, like every change of who may manage the account's keys.
 */
export async function createKey(store: EventStore, request: CreateKeyRequest): Promise<CreatedKey> {
  const problem = manageKeysProblem(request.settings);
  if (problem) return { ok: false, reason: 'manage_keys_restricted', message: problem };
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  const keyId = keyIdOf(keyHash);
  const masked = maskApiKey(key);
  const { label, ...settings } = request.settings;
  return store.transaction(async (tx) => {
    await tx.lock(streams.account(request.accountId));
    await tx.append(
      streams.key(keyId),
      [
        event('KeyCreated', {
          keyId,
          accountId: request.accountId,
          keyHash,
          masked,
          ...(label === null ? {} : { label }),
          createdByIp: request.ip,
          settings,
          createdBy: request.createdBy,
        }),
      ],
      { expectedVersion: 'no_stream', metadata: { requestId: request.requestId, ip: request.ip, actor: `key:${request.createdBy}` } },
    );
    return { ok: true, key, keyId, masked };
  });
}
