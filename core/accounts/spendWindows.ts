import type { SpendWindow, WindowSpend } from '../../schema/accounts/spendWindows';

/** `2026-05-31` → `2026-05`. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** When the window holding `day` ends and the next begins. */
export function windowEnd(window: SpendWindow, day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return window === 'daily' ? new Date(Date.UTC(year, month - 1, date + 1)) : new Date(Date.UTC(year, month, 1));
}

/** What the key has spent in the windows holding `day` (0 in a window the row has not reached yet). */
export function spentIn(spend: WindowSpend | null, day: string): { readonly daily: number; readonly monthly: number } {
  return {
    daily: spend?.day === day ? spend.dayMicros : 0,
    monthly: spend?.month === monthOf(day) ? spend.monthMicros : 0,
  };
}

/**
 * The day a reservation counts in: today by the clock, or the day the key's row has already reached when that is
 * later (a replica whose clock lags near midnight): windows only move forward, so none is counted twice.
 */
export function spendDayOf(today: string, spend: WindowSpend | null): string {
  return spend?.day && spend.day > today ? spend.day : today;
}
