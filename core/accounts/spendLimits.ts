import type { SpendWindow, WindowSpend } from '../../schema/accounts/spendWindows';
import { spendDayOf, spentIn, windowEnd } from './spendWindows';
import type { SpendLimitReached } from '../../schema/calls';
import { utcDay } from '../clock/clock';

/** What a reservation reads of the paying key, under its account's lock (core/ledger/availableBalance.ts lockAccount). */
export interface KeyStanding {
  readonly revokedAt: Date | null;
  readonly expiresAt: Date | null;
  readonly dailyLimitMicros: number | null;
  readonly monthlyLimitMicros: number | null;
  readonly spend: WindowSpend | null;
}

export type KeyVerdict =
  | { readonly ok: true; readonly spendDay: string }
  | { readonly ok: false; readonly reason: 'key_revoked' | 'key_expired' }
  | { readonly ok: false; readonly reason: 'spend_limit'; readonly limit: SpendLimitReached };

/**
 * Whether the key may hold `needed` more now. Decided under the account's stream lock, which every reservation of
 * every key of the account takes, against the key's spend as its inline projection holds it: concurrent calls are
 * decided one after another, each seeing what the ones before it hold, so a limit is never passed however many run.
 * A revoked or expired key is refused here too, whatever an API replica still believed of it.
 */
export function keyVerdict(key: KeyStanding, now: Date, needed: number): KeyVerdict {
  if (key.revokedAt) return { ok: false, reason: 'key_revoked' };
  if (key.expiresAt && now >= key.expiresAt) return { ok: false, reason: 'key_expired' };
  const spendDay = spendDayOf(utcDay(now), key.spend);
  const spent = spentIn(key.spend, spendDay);
  const windows: [SpendWindow, number | null, number][] = [
    ['daily', key.dailyLimitMicros, spent.daily],
    ['monthly', key.monthlyLimitMicros, spent.monthly],
  ];
  for (const [window, limitMicros, spentMicros] of windows) {
    if (limitMicros !== null && spentMicros + needed > limitMicros) {
      return { ok: false, reason: 'spend_limit', limit: { window, limitMicros, spentMicros, resetsAt: windowEnd(window, spendDay).toISOString() } };
    }
  }
  return { ok: true, spendDay };
}
