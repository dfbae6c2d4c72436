import type { WindowSpend } from '../../schema/accounts/spendWindows';
import { monthOf } from './spendWindows';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

/** A key's spend: in its current UTC day and month (what its limits are held against), in all, and its last call. */
export interface KeySpendRow {
  key_id: string;
  account_id: string;
  /** The UTC day `day_micros` is of; a reservation on a later day starts it again. */
  day: string | null;
  /** Held by running calls and charged, for calls reserved on `day`. */
  day_micros: number;
  month: string | null;
  month_micros: number;
  /** Charged in all (settled, less what the operator gave back). */
  spent_micros: number;
  last_used_at: Date | null;
}

type SpendEvent = StoredEventOf<'ChargeReserved' | 'ChargeSettled' | 'ChargeRefunded' | 'ChargeReversed'>;
type KeySpendEvent = SpendEvent | StoredEventOf<'KeyCreated'>;

/**
 * Spend per key, from its account's money events that name it (keyId, spendDay). Inline: a reservation is decided
 * against it under the account's lock (core/ledger/availableBalance.ts lockAccount), so concurrent calls on one key
 * can never pass its limit. A reservation counts what it holds at once; its settlement counts the actual charge (a
 * metered call gives back what it held beyond); a refund, or the operator's reversal, gives the room back — each in
 * the window the call was reserved in, when that window is still the current one.
 */
export const keySpend: Projection<KeySpendRow> = {
  name: 'keySpend',
  version: 1,
  mode: 'inline',
  table: 'key_spend',
  columns: {
    key_id: 'text',
    account_id: 'text',
    day: 'text',
    day_micros: 'bigint',
    month: 'text',
    month_micros: 'bigint',
    spent_micros: 'bigint',
    last_used_at: 'timestamptz',
  },
  key: ['key_id'],
  indexes: [['account_id']],
  // From the key's creation, so a reservation always finds its row to lock: a row created by a concurrent first call
  // would be invisible to the reservation's statement (its snapshot is older than the lock it waited for).
  handles: ['KeyCreated', 'ChargeReserved', 'ChargeSettled', 'ChargeRefunded', 'ChargeReversed'],
  keysOf: (stored) => {
    const event = stored as KeySpendEvent;
    if (event.type === 'KeyCreated') return [{ key_id: event.data.keyId }];
    const { keyId, spendDay } = event.data;
    return keyId && spendDay ? [{ key_id: keyId }] : [];
  },
  initial: (key, event) => ({
    key_id: key.key_id as string,
    account_id: (event as KeySpendEvent).data.accountId,
    day: null,
    day_micros: 0,
    month: null,
    month_micros: 0,
    spent_micros: 0,
    last_used_at: null,
  }),
  evolve(row, stored) {
    const event = stored as KeySpendEvent;
    if (event.type === 'KeyCreated') return row;
    const day = event.data.spendDay!;
    switch (event.type) {
      case 'ChargeReserved':
        return { ...counted(row, day, event.data.amountMicros), last_used_at: event.recordedAt };
      case 'ChargeSettled':
        return { ...counted(row, day, event.data.chargedMicros - event.data.reservedMicros), spent_micros: row.spent_micros + event.data.chargedMicros };
      case 'ChargeRefunded':
        return counted(row, day, -event.data.amountMicros);
      case 'ChargeReversed':
        return { ...counted(row, day, -event.data.amountMicros), spent_micros: row.spent_micros - event.data.amountMicros };
    }
  },
};

/**
 * `micros` more (or less) in the windows holding `day`: added where the row's window is that one, started afresh
 * where the day or month is later, and nowhere where the row has moved past it (that window is over).
 */
function counted(row: KeySpendRow, day: string, micros: number): KeySpendRow {
  const month = monthOf(day);
  const next = { ...row };
  if (row.day === day) next.day_micros = row.day_micros + micros;
  else if (row.day === null || day > row.day) Object.assign(next, { day, day_micros: micros });
  if (row.month === month) next.month_micros = row.month_micros + micros;
  else if (row.month === null || month > row.month) Object.assign(next, { month, month_micros: micros });
  return next;
}

/** The row's windows as the limits read them. */
export function windowSpendOf(row: Pick<KeySpendRow, 'day' | 'day_micros' | 'month' | 'month_micros'> | null | undefined): WindowSpend | null {
  return row ? { day: row.day, dayMicros: row.day_micros, month: row.month, monthMicros: row.month_micros } : null;
}
