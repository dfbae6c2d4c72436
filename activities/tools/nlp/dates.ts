import * as chrono from 'chrono-node';
import type { ItemEntity } from 'wink-nlp';
import { nlp, readDoc } from './nlp';

export type DatePrecision = 'day' | 'month' | 'year';

export interface FoundDate {
  /** The words in the text ("next Friday", "July 20, 1969"). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** ISO 8601 to the precision known: 2024-03-08, 2024-03 or 1969. */
  readonly date: string;
  readonly end_date?: string;
  readonly precision: DatePrecision;
}

export interface DateOptions {
  /** What "Friday" and "next week" are relative to. */
  readonly reference: Date;
  /** Deadlines lie ahead: "by Friday" is the coming Friday, not the last one. */
  readonly forward?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

function format(component: chrono.ParsedComponents, precision: DatePrecision): string {
  const year = String(component.get('year'));
  if (precision === 'year') return year;
  if (precision === 'month') return `${year}-${pad(component.get('month') ?? 1)}`;
  return `${year}-${pad(component.get('month') ?? 1)}-${pad(component.get('day') ?? 1)}`;
}

function precisionOf(component: chrono.ParsedComponents): DatePrecision {
  // A weekday or a relative phrase ("tomorrow") pins the day even though chrono marks it implied.
  if (component.isCertain('day') || component.isCertain('weekday')) return 'day';
  if (component.isCertain('month')) return 'month';
  return 'year';
}

/**
 * Dates in a text: chrono-node parses the phrases (absolute, relative, ranges); wink-nlp's DATE entities add what
 * chrono leaves out, bare years ("in 1969") and decades ("the 1990s").
 */
export function findDates(text: string, options: DateOptions): FoundDate[] {
  const found: FoundDate[] = [];
  for (const r of chrono.parse(text, options.reference, { forwardDate: options.forward ?? false })) {
    // chrono reads "1990s" as a time of day; decades are left to the year pass below.
    if (/^\d{4}s$/.test(r.text.trim())) continue;
    const precision = precisionOf(r.start);
    found.push({
      text: r.text,
      start: r.index,
      end: r.index + r.text.length,
      date: format(r.start, precision),
      ...(r.end ? { end_date: format(r.end, precisionOf(r.end)) } : {}),
      precision,
    });
  }
  const its = nlp().its;
  const doc = readDoc(text);
  let cursor = 0;
  doc.entities().each((e: ItemEntity) => {
    const value = e.out() as string;
    const at = text.indexOf(value, cursor);
    if (at < 0) return;
    cursor = at + value.length;
    if (e.out(its.type) !== 'DATE' || found.some((f) => at < f.end && f.start < at + value.length)) return;
    const year = /^(?:(?:in|the|of|during)\s+)?(\d{4})s?$/i.exec(value.trim());
    if (year && Number(year[1]) > 0) found.push({ text: value, start: at, end: at + value.length, date: year[1]!, precision: 'year' });
  });
  return found.sort((a, b) => a.start - b.start);
}
