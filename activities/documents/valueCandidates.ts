import nlpCompromise from 'compromise';
import { findPhoneNumbersInText } from 'libphonenumber-js';
import type { ItemEntity } from 'wink-nlp';
import { findDates } from '../tools/nlp/dates';
import type { FieldKind } from './fieldSpecs';
import { nlp, readDoc } from '../tools/nlp/nlp';

/** A typed value found in a text, with where it was found. */
export interface Candidate {
  readonly kind: FieldKind;
  readonly text: string;
  readonly value: string | number;
  readonly start: number;
  readonly end: number;
}

// A duration ("34 years") is a number to a field that wants one: an age, years of experience.
const WINK_KIND: Record<string, FieldKind> = { EMAIL: 'email', URL: 'url', MONEY: 'money', PERCENT: 'percent', CARDINAL: 'number', DURATION: 'number' };
const MULTIPLIER: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, m: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };

/** "$2.5 million" → 2500000; "12%" → 12; "1,200" → 1200. */
export function numberIn(text: string): number | undefined {
  const m = /(-?\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion|trillion|bn|mn|[kmb])?\b/i.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ''));
  return Number.isFinite(n) ? n * (MULTIPLIER[(m[2] ?? '').toLowerCase()] ?? 1) : undefined;
}

// Trailing sentence punctuation is not part of an address ("see https://acme.io/docs.").
const trimTrailing = (s: string) => s.replace(/[.,;:!?)\]]+$/, '');

function winkCandidates(text: string): Candidate[] {
  const its = nlp().its;
  const out: Candidate[] = [];
  let cursor = 0;
  readDoc(text)
    .entities()
    .each((e: ItemEntity) => {
      const raw = e.out() as string;
      const at = text.indexOf(raw, cursor);
      if (at < 0) return;
      cursor = at + raw.length;
      const kind = WINK_KIND[e.out(its.type) as string];
      if (!kind) return;
      const value = trimTrailing(raw);
      const numeric = kind === 'money' || kind === 'percent' || kind === 'number';
      out.push({ kind, text: value, value: numeric ? (numberIn(value) ?? value) : value, start: at, end: at + value.length });
    });
  return out;
}

function namedEntities(text: string): Candidate[] {
  const doc = nlpCompromise(text);
  const out: Candidate[] = [];
  const collect = (kind: FieldKind, view: { json(opts: object): unknown }) => {
    for (const item of view.json({ offset: true }) as { text: string; offset: { start: number; length: number } }[]) {
      const value = trimTrailing(item.text.trim());
      if (value) out.push({ kind, text: value, value, start: item.offset.start, end: item.offset.start + value.length });
    }
  };
  collect('person', doc.people());
  collect('organization', doc.organizations());
  collect('place', doc.places());
  return out;
}

/** Codes such as "INV-2024-117", "A1B2C3", "#40012": letters or symbols mixed with digits, or long digit runs. */
function identifiers(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(
    /(?<![\w@/.-])#?(?=[A-Za-z0-9_/-]*\d)(?=[A-Za-z0-9_/-]*[A-Z_/-])(?:[A-Z0-9]+[-_/]?){2,}[A-Z0-9]*(?![\w@-])|(?<![\w@/.$-])#?\d{5,}(?![\w@.,-])/g,
  )) {
    out.push({ kind: 'identifier', text: m[0], value: m[0].replace(/^#/, ''), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const NAMED: ReadonlySet<FieldKind> = new Set(['person', 'organization', 'place']);

/**
 * The typed values in a text that the wanted kinds can use: wink-nlp entities (emails, URLs, amounts,
 * percentages, numbers), chrono-node dates, libphonenumber-js phone numbers, identifier-shaped codes, and
 * compromise's people, organisations and places. Each finder runs only when a wanted kind needs it: the
 * named-entity pass is the slow one (tens of milliseconds a few KB).
 */
export function candidatesIn(text: string, reference: Date, wanted: ReadonlySet<FieldKind>): Candidate[] {
  const needs = (...kinds: FieldKind[]) => kinds.some((k) => wanted.has(k));
  const dates =
    needs('date', 'datetime') || needs('number', 'integer', 'identifier')
      ? findDates(text, { reference }).map<Candidate>((d) => ({ kind: 'date', text: d.text, value: d.date, start: d.start, end: d.end }))
      : [];
  // "POSSIBLE" (a number of a plausible length) rather than "VALID": examples and test data use fictional 555 numbers.
  const phoneOptions = { defaultCountry: 'US', leniency: 'POSSIBLE' } as Parameters<typeof findPhoneNumbersInText>[1];
  const phones = needs('phone', 'number', 'integer', 'identifier')
    ? findPhoneNumbersInText(text, phoneOptions).map<Candidate>((p) => ({
        kind: 'phone',
        text: text.slice(p.startsAt, p.endsAt),
        value: p.number.number,
        start: p.startsAt,
        end: p.endsAt,
      }))
    : [];
  const overlaps = (c: Candidate, others: Candidate[]) => others.some((o) => c.start < o.end && o.start < c.end);
  // A date or phone number is not also a bare number or a code.
  const entities = winkCandidates(text).filter((c) => c.kind !== 'number' || !overlaps(c, [...dates, ...phones]));
  const codes = needs('identifier') ? identifiers(text).filter((c) => !overlaps(c, [...dates, ...phones])) : [];
  const named = [...wanted].some((k) => NAMED.has(k)) ? namedEntities(text) : [];
  return [...entities, ...dates, ...phones, ...codes, ...named].sort((a, b) => a.start - b.start);
}
