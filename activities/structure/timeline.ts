import { findDates, type DatePrecision } from '../tools/nlp/dates';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';
import type { structureTools } from '../../schema/structure/structureTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /timeline, derived from its registry entry (schema/structure/structureTools.ts). */
export type TimelineInput = ToolArguments<typeof structureTools, 'timeline'>;

export interface TimelineEvent {
  date: string;
  end_date?: string;
  precision: DatePrecision;
  date_text: string;
  event: string;
  start: number;
  end: number;
}

export interface TimelineResult {
  events: TimelineEvent[];
  range: { from: string; to: string } | null;
  reference_date: string;
}

/**
 * Every dated clause as an event, in chronological order. Dates of different precision sort by their first
 * possible day ("1969" before "1969-07-20"); equal dates keep the order the text gives them.
 */
export function buildTimeline(input: TimelineInput, now: Date): TimelineResult {
  const reference = input.reference_date ? new Date(input.reference_date) : now;
  const dates = findDates(input.text, { reference });
  const events: TimelineEvent[] = [];
  for (const sentence of sentenceSpans(input.text)) {
    const inside = dates.filter((d) => d.start >= sentence.start && d.end <= sentence.end);
    for (const d of inside) {
      // A sentence with several dates ("launched on July 16 and landed on July 20") yields one event per clause.
      const clause = inside.length > 1 ? clauseAround(input.text, sentence, d) : sentence;
      events.push({
        date: d.date,
        ...(d.end_date ? { end_date: d.end_date } : {}),
        precision: d.precision,
        date_text: d.text,
        event: clause.text,
        start: clause.start,
        end: clause.end,
      });
    }
  }
  events.sort((a, b) => a.date.localeCompare(b.date) || a.start - b.start);
  return {
    events,
    range: events.length
      ? { from: events[0]!.date, to: events.reduce((max, e) => ((e.end_date ?? e.date) > max ? (e.end_date ?? e.date) : max), events[0]!.date) }
      : null,
    reference_date: reference.toISOString().slice(0, 10),
  };
}

/** The clause of a sentence that holds a date: split at semicolons, commas before a conjunction, and bare "and then". */
function clauseAround(text: string, sentence: { start: number; end: number; text: string }, date: { start: number; end: number }) {
  const boundaries = [sentence.start];
  for (const m of sentence.text.matchAll(/;\s*|,\s*(?=(?:and|but|then|while|before|after)\b)|\s+(?=(?:and then|then)\b)/g))
    boundaries.push(sentence.start + m.index + m[0].length);
  boundaries.push(sentence.end + 1);
  let from = sentence.start;
  for (const b of boundaries) if (b <= date.start) from = b;
  const to = boundaries.find((b) => b > date.end) ?? sentence.end;
  const raw = text.slice(from, Math.min(to, sentence.end));
  // "…, and returned on July 24" reads as its own event without the joining word.
  const trimmed = raw.replace(/^[\s,;]+|[\s,;]+$/g, '').replace(/^(?:and then|and|but|then)\s+/i, '');
  const start = from + raw.indexOf(trimmed);
  return { text: trimmed, start, end: start + trimmed.length };
}
