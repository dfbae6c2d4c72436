/**
 * A key's spend limits count in UTC calendar windows: the day from 00:00 UTC, the month from the 1st at 00:00 UTC.
 * A call counts in the window it was reserved in (ChargeReserved.spendDay), whenever it is settled or refunded.
 */
export type SpendWindow = 'daily' | 'monthly';

/** A key's spend in its current windows, as its key_spend row keeps it. */
export interface WindowSpend {
  /** The UTC day the day figure is of (null before the key's first call). */
  readonly day: string | null;
  readonly dayMicros: number;
  /** The UTC month (`YYYY-MM`) the month figure is of. */
  readonly month: string | null;
  readonly monthMicros: number;
}
