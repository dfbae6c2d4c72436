import { streams } from '../../schema/events';
import type { EventStoreTransaction } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { KeyRow } from '../projections/keys';
import { findKeyRow } from './findKey';

export interface LockedKey {
  readonly row: KeyRow;
  /** The key stream's version, to append at. */
  readonly version: number;
}

/**
 * A key to change: its stream locked (changes to one key are decided one after another) and its row read after the
 * lock. Undefined when there is no such key, or it belongs to another account than `accountId` (when given): a
 * holder cannot tell another account's key from one that does not exist.
 */
export async function lockedKey(tx: EventStoreTransaction, keyId: string, accountId?: string): Promise<LockedKey | undefined> {
  const version = await tx.lock(streams.key(keyId));
  if (version === 0) return undefined;
  // Read after the lock, never before: a limit change or a revocation committed while this waited is what it decides on.
  const row = await findKeyRow(tx.trx, keyId);
  if (!row || (accountId !== undefined && row.account_id !== accountId)) return undefined;
  return { row, version };
}

/**
 * Keys of the account that may manage it and are not revoked, besides `except`: a holder must not lock the account
 * out of its own keys. Read under the account stream's lock, which every change of who manages takes.
 */
export async function otherManagers(tx: EventStoreTransaction, accountId: string, except: string): Promise<number> {
  const found = await tx.trx
    .withSchema(LIVE_SCHEMA)
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('key_id', '!=', except)
    .where('manage_keys', '=', true)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(found.n);
}
