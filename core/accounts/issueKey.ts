import { NO_LIMITS } from '../../schema/accounts/keySettings';
import { type Clock, utcDay } from '../clock/clock';
import { event, streams } from '../../schema/events';
import type { Micros } from '../../schema/money';
import type { EventStore } from '../eventStore';
import { generateApiKey, hashApiKey, keyIdOf, maskApiKey } from './apiKey';

const FIRST_KEY = { ...NO_LIMITS, manageKeys: true };

export interface IssueKeyRequest {
  readonly label?: string;
  readonly ip: string;
  readonly requestId: string;
  /** Credit the key starts with: the trial credit, or what a purchase paid for. */
  readonly credit: Micros;
  readonly reason: 'trial' | 'purchase';
  /** Trial keys an IP may create a day; purchases are not limited. */
  readonly trialLimitPerIp?: number;
  readonly reference?: string;
}

export type IssuedKey =
  | { readonly ok: true; readonly key: string; readonly keyId: string; readonly accountId: string; readonly createdAt: Date }
  | { readonly ok: false; readonly reason: 'trial_limit'; readonly limit: number };

/** Creates a key and its account with opening credit, in one transaction; trial keys are counted per IP and day. */
export async function issueKey(store: EventStore, clock: Clock, request: IssueKeyRequest): Promise<IssuedKey> {
  const key = generateApiKey();
  const keyHash = hashApiKey(key);
  const keyId = keyIdOf(keyHash);
  const accountId = keyId;
  const now = clock.now();
  const metadata = { requestId: request.requestId, ip: request.ip, actor: `ip:${request.ip}` };
  return store.transaction(async (tx) => {
    if (request.reason === 'trial' && request.trialLimitPerIp !== undefined) {
      const day = utcDay(now);
      const claims = streams.trialClaims(request.ip, day);
      const claimed = await tx.lock(claims);
      if (claimed >= request.trialLimitPerIp) return { ok: false, reason: 'trial_limit', limit: request.trialLimitPerIp };
      await tx.append(claims, [event('TrialCreditClaimed', { ip: request.ip, day, keyId })], { expectedVersion: claimed, metadata });
    }
    await tx.append(
      streams.key(keyId),
      // An account's first key has no limits and manages the account's keys.
      [event('KeyCreated', { keyId, accountId, keyHash, masked: maskApiKey(key), label: request.label, createdByIp: request.ip, settings: FIRST_KEY })],
      { expectedVersion: 'no_stream', metadata },
    );
    await tx.append(
      streams.account(accountId),
      [
        event('AccountOpened', { accountId, kind: 'key', label: request.label }),
        ...(request.credit > 0
          ? [event('CreditGranted', { accountId, amountMicros: request.credit, reason: request.reason, reference: request.reference })]
          : []),
      ],
      { expectedVersion: 'no_stream', metadata },
    );
    return { ok: true, key, keyId, accountId, createdAt: now };
  });
}
