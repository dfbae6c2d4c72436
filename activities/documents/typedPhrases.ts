import nlpCompromise from 'compromise';
import type { ItemToken } from 'wink-nlp';
import { findDates } from '../tools/nlp/dates';
import { lemmaOf, nlp, readDoc, tokenSpans } from '../tools/nlp/nlp';
import { joinCoordinated } from './coordinatedPhrases';

/** What kind of thing a phrase names: the answer types of factoid questions. */
export type PhraseKind =
  | 'count'
  | 'money'
  | 'percent'
  | 'duration'
  | 'length'
  | 'weight'
  | 'area'
  | 'temperature'
  | 'age'
  | 'frequency'
  | 'quantity'
  | 'date'
  | 'time'
  | 'person'
  | 'organization'
  | 'place'
  | 'name'
  | 'email'
  | 'url';

export interface TypedPhrase {
  readonly kind: PhraseKind;
  readonly text: string;
  /** Character offsets in the text it was found in. */
  readonly start: number;
  readonly end: number;
  /** What it counts or measures, as a lemma: a count's noun ("64,000 jobs" → "job"), a quantity's unit ("25 days" → "day"). */
  readonly counts?: string;
}

const NUMBER_WORD =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a hundred|a dozen|dozens|half|a half|a quarter|a few|several';
const NUMERAL = `(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?|(?:${NUMBER_WORD})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?(?: and a half)?`;
const SCALE = '(?:\\s*(?:thousand|million|billion|trillion|bn|mn))?';
const QUALIFIER =
  '(?:(?:about|around|roughly|approximately|nearly|almost|over|more than|less than|fewer than|under|up to|at least|at most|some|just|only|below|above|within|every|exactly|an estimated)\\s+)?';
const AMOUNT = `(?:${NUMERAL})${SCALE}(?:\\s*(?:to|-|–|or|and)\\s*(?:${NUMERAL})${SCALE})?`;

/** Units after a number, by the kind of quantity they measure; the first that fits wins, so longer names come first. */
const UNITS: readonly (readonly [PhraseKind, string])[] = [
  ['area', 'square (?:kilometres|kilometers|metres|meters|miles|feet)|sq ?(?:km|m|mi|ft)|km²|m²|hectares?|acres?'],
  [
    'money',
    '(?:US |Australian |Canadian |New Zealand |Hong Kong |Singapore )?(?:dollars?|euros?|pounds sterling|yen|francs?|kronor|krona|kroner|rupees?|pesos?|yuan|USD|EUR|GBP|AUD|CAD|CHF|JPY|cents?)',
  ],
  ['percent', '%|percent|per cent|percentage points?'],
  ['temperature', '°\\s?[CF]|degrees? (?:Celsius|Fahrenheit|C|F)|degrees'],
  ['duration', '(?:business |working |calendar )?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?|decades?|centuries|century)'],
  [
    'length',
    'kilometres|kilometers|km|metres|meters|m|miles?|mi|feet|foot|ft|centimetres|centimeters|cm|millimetres|millimeters|mm|inches|inch|yards?|light years?',
  ],
  ['weight', 'kilograms?|kilos?|kg|grams?|g|milligrams?|mg|micrograms?|mcg|µg|tonnes?|tons?|pounds?|lbs?|lb|ounces?|oz'],
  ['quantity', 'litres?|liters?|l|ml|gallons?|Wh|kWh|W|kW|MW|GW|mAh|V|GB|MB|KB|TB|Mbps|Gbps|GHz|MHz|calories|kcal|megapixels?'],
];
const UNIT = UNITS.map(([, pattern]) => pattern).join('|');
const CURRENCY_SIGN = '[$€£¥₹]';

// "2,799 euros", "$412 million", "about 2,300 kilometres", "5 to 7 business days", "about four and a half hours".
const QUANTITY = new RegExp(
  `(?<![\\w.,])(?:(?<sign>${CURRENCY_SIGN})\\s?${QUALIFIER}|${QUALIFIER}(?<signAfterQualifier>${CURRENCY_SIGN})?)(?<amount>${AMOUNT})(?:\\s?(?<unit>${UNIT}))?(?![\\w])`,
  'gi',
);
const AGE = /\b(?:at the age of|aged|age)\s+(\d{1,3})\b|\b(\d{1,3})[- ]years?[- ]old\b/gi;
const FREQUENCY = new RegExp(
  `\\b(?:every\\s+(?:(?:${AMOUNT})\\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|morning|evening|night)|(?:once|twice|three times|(?:${NUMERAL}) times)\\s+(?:a|an|per|each)\\s+(?:day|week|month|year|hour)|(?:daily|weekly|monthly|yearly|annually|hourly))\\b`,
  'gi',
);
const CLOCK = '\\d{1,2}(?::\\d{2}|\\.\\d{2})?\\s?(?:a\\.m\\.|p\\.m\\.|am|pm)|\\d{1,2}:\\d{2}';
// "9 a.m. to 5 p.m.", and a range whose first end is a bare hour: "between 9 and 11 a.m.", "4 to 6 p.m.".
const TIME = new RegExp(
  `\\b(?:(?:${CLOCK})(?:\\s*(?:to|-|–|until|till)\\s*(?:${CLOCK}))?|(?:between|from)\\s+\\d{1,2}(?::\\d{2})?\\s*(?:to|and|-|–|until|till)\\s*(?:${CLOCK})|\\d{1,2}(?::\\d{2})?\\s*(?:to|-|–|until|till)\\s*(?:${CLOCK}))`,
  'gi',
);
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend)s?';
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
// Days and months in a list or a range, with the part of the day they name: "on Tuesday and Thursday evenings",
// "Monday to Friday", "from September to June" (chrono-node reads one day of them).
const DAY_LIST = new RegExp(
  `\\b(?:(?:on|from|between)\\s+)?${WEEKDAY}(?:\\s*(?:,\\s*(?:(?:and|or)\\s+)?|\\s+(?:and|or|to|through|till|until)\\s+|\\s*[-–]\\s*)${WEEKDAY})+(?:\\s+(?:mornings?|afternoons?|evenings?|nights?))?\\b`,
  'gi',
);
const MONTH_LIST = new RegExp(
  `\\b(?:(?:in|from|between)\\s+)?${MONTH}(?:\\s*(?:,\\s*(?:(?:and|or)\\s+)?|\\s+(?:and|or|to|through|till|until)\\s+|\\s*[-–]\\s*)${MONTH})+\\b`,
  'gi',
);
// A lead time or a notice is the duration with what makes it one: "two hours in advance", "48 hours before".
const LEAD = /^\s+(?:in advance|ahead(?: of time)?|beforehand|before|prior|early|earlier|of notice|notice)\b/i;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL = /\bhttps?:\/\/[^\s)]+|\bwww\.[^\s)]+/g;
const ADDRESS =
  /\b\d+\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*\s+(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Square|Sq|Place|Pl|Boulevard|Blvd|Way|Drive|Dr|Court|Ct)\b\.?/g;
// A capitalised name after a preposition of place ("at the Stade de France", "in Rotterdam").
const AFTER_PREPOSITION =
  /\b(?:at|in|on|near|from|to|into|across|outside|inside)\s+(?:the\s+)?((?:\p{Lu}[\p{L}\p{N}'’-]+)(?:\s+(?:(?:de|del|la|le|du|of|von|van|der|di|da|y|and|&)\s+)?\p{Lu}[\p{L}\p{N}'’-]+)*)/gu;
// A year alone, or with "early"/"late"/"mid" ("in early 2025"): chrono-node leaves most of these out.
const YEAR = /\b(?:(?:early|late|mid)[- ])?(?:1[5-9]\d{2}|20\d{2})s?\b/gi;
// What makes a chrono-node find a date rather than a clock time or a stretch of time ("within 30 days", "night").
const DATE_WORD =
  /\b(?:1[5-9]\d{2}|20\d{2}|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|yesterday|tonight|(?:next|last|this) (?:week|month|year|spring|summer|autumn|fall|winter))\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/i;

const unitLemma = (unit: string) => (unit.toLowerCase().split(/\s+/).pop() ?? '').replace(/(?<=[a-z]{2})s$/, '');
const kindOfUnit = (unit: string): PhraseKind => UNITS.find(([, pattern]) => new RegExp(`^(?:${pattern})$`, 'i').test(unit))?.[0] ?? 'quantity';
const trimmed = (s: string) => s.replace(/[\s,.;:]+$/, '').replace(/['’]s$/, '');

/** The noun a count counts, by character offset: its lemma and where it ends. */
function nounsAfter(text: string): (at: number) => { lemma: string; end: number } | undefined {
  const its = nlp().its;
  const tokens = tokenSpans(text).map(({ token, start, text: value }) => ({ start, pos: token.out(its.pos) as string, lemma: lemmaOf(token), text: value }));
  return (at) => {
    // The counted noun follows within a few words, past adjectives and hyphenated modifiers ("2,900 individual reefs").
    const next = tokens.filter((t) => t.start >= at).slice(0, 4);
    for (const t of next) {
      if (t.pos === 'NOUN' || t.pos === 'PROPN') return { lemma: t.lemma, end: t.start + t.text.length };
      if (t.pos !== 'ADJ' && t.pos !== 'NUM' && t.text !== '-' && t.pos !== 'ADV') return undefined;
    }
    return undefined;
  };
}

/** Runs of wink-nlp's proper nouns with their offsets ("Riverside Hall", "Priya"). */
function properNounRuns(text: string): { text: string; start: number }[] {
  const its = nlp().its;
  const runs: { text: string; start: number }[] = [];
  let cursor = 0;
  let run: { start: number; end: number } | undefined;
  readDoc(text)
    .tokens()
    .each((t: ItemToken) => {
      const value = t.out(its.value) as string;
      const start = text.indexOf(value, cursor);
      if (start < 0) return;
      cursor = start + value.length;
      const pos = t.out(its.pos) as string;
      if (pos === 'PROPN' && /^\p{Lu}/u.test(value)) run = run ? { start: run.start, end: cursor } : { start, end: cursor };
      else if (run) {
        // "the American architect": a name-like word before a common noun modifies it, and names nothing.
        if (pos !== 'NOUN') runs.push({ text: text.slice(run.start, run.end), start: run.start });
        run = undefined;
      }
    });
  if (run) runs.push({ text: text.slice(run.start, run.end), start: run.start });
  return runs;
}

/** What relative dates are read against while finding phrases: their values are not kept (typedPhrasesIn). */
const PHRASES_ONLY = new Date(0);

/**
 * The typed phrases of a text, each with its offsets: quantities with their unit's kind (money, lengths, durations …)
 * and, for a bare number, the noun it counts; ages, frequencies, clock times; dates (chrono-node and wink-nlp);
 * people, organisations and places (compromise, plus addresses and capitalised names after "at"/"in"); emails and URLs.
 */
export function typedPhrasesIn(text: string): TypedPhrase[] {
  const found: TypedPhrase[] = [];
  const add = (kind: PhraseKind, raw: string, start: number, counts?: string) => {
    const phrase = trimmed(raw);
    if (phrase) found.push({ kind, text: phrase, start, end: start + phrase.length, ...(counts ? { counts } : {}) });
  };
  const nounAt = nounsAfter(text);
  for (const m of text.matchAll(AGE)) add('age', m[0], m.index);
  for (const m of text.matchAll(FREQUENCY)) add('frequency', m[0], m.index);
  for (const m of text.matchAll(TIME)) add('time', m[0], m.index);
  for (const m of text.matchAll(QUANTITY)) {
    const { sign, signAfterQualifier, unit } = m.groups!;
    // "a few", "half" alone are not amounts; "-year" in "two-year warranty" is a duration.
    if (!/\d/.test(m.groups!.amount!) && !unit && !/^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+ty|hundred)/i.test(m.groups!.amount!))
      continue;
    const kind: PhraseKind = sign || signAfterQualifier ? 'money' : unit ? kindOfUnit(unit) : 'count';
    const noun = kind === 'count' ? nounAt(m.index + m[0].length) : undefined;
    // "one of the largest", "a one-off": a number in words counts something only when a noun follows.
    if (kind === 'count' && !noun && !/\d/.test(m.groups!.amount!)) continue;
    // "in 1843", "2016 and 2017": years are dates (YEAR below), not counts.
    if (kind === 'count' && !noun && /^(?:(?:1[5-9]|20)\d{2}\b[\s,and-]*)+$/.test(m.groups!.amount!)) continue;
    // A count is quoted with what it counts: "roughly 64,000 jobs".
    // "open between 9 and 5": two bare hours as a range with nothing counted are a time of day.
    const opener = /\b(?:between|from)\s+$/i.exec(text.slice(0, m.index));
    const hours = /^(\d{1,2})\s*(?:and|to|-|–)\s*(\d{1,2})$/.exec(m[0]);
    if (kind === 'count' && !noun && opener && hours && Number(hours[1]) <= 24 && Number(hours[2]) <= 24)
      add('time', text.slice(opener.index, m.index + m[0].length), opener.index);
    else if (noun) add(kind, text.slice(m.index, noun.end), m.index, noun.lemma);
    else if (kind === 'duration') add(kind, m[0] + (LEAD.exec(text.slice(m.index + m[0].length))?.[0] ?? ''), m.index, unitLemma(unit!));
    else add(kind, m[0], m.index, unit ? unitLemma(unit) : undefined);
  }
  for (const m of text.matchAll(/\b((?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)-(?:year|month|week|day|hour|minute))\b/gi))
    add('duration', m[0], m.index);
  // Only where a date stands is kept, never the day it means: any reference finds the same phrases.
  for (const d of findDates(text, { reference: PHRASES_ONLY })) if (DATE_WORD.test(d.text)) add('date', d.text, d.start);
  for (const m of text.matchAll(YEAR)) add('date', m[0], m.index);
  for (const m of text.matchAll(DAY_LIST)) add('date', m[0], m.index);
  for (const m of text.matchAll(MONTH_LIST)) add('date', m[0], m.index);
  for (const m of text.matchAll(EMAIL)) add('email', m[0], m.index);
  for (const m of text.matchAll(URL)) add('url', m[0], m.index);
  for (const m of text.matchAll(ADDRESS)) add('place', m[0], m.index);
  for (const m of text.matchAll(AFTER_PREPOSITION)) add('place', m[1]!, m.index + m[0].indexOf(m[1]!));

  const doc = nlpCompromise(text);
  const named = (kind: PhraseKind, view: { json(options: object): unknown }) => {
    for (const item of view.json({ offset: true }) as { text: string; offset: { start: number } }[]) add(kind, item.text.trim(), item.offset.start);
  };
  named('person', doc.people());
  named('organization', doc.organizations());
  named('place', doc.places());
  // Names compromise does not know ("Priya"): runs of proper nouns, kind unknown, a person or a place as the question asks.
  for (const run of properNounRuns(text)) if (!found.some((p) => p.start <= run.start && run.start < p.end)) add('name', run.text, run.start);
  // A phrase inside a longer one is part of it ("2024" of "10 August 2024", "Paris" of "Paris Olympics"); a count or a
  // place on the span of a more specific kind is that kind; the same phrase found twice is one.
  const specific = (p: TypedPhrase) => p.kind !== 'count' && p.kind !== 'place';
  const inside = (p: TypedPhrase, q: TypedPhrase) => q.start <= p.start && p.end <= q.end;
  const kept = found
    .filter((p, i) => !found.some((q, j) => j !== i && inside(p, q) && (q.end - q.start > p.end - p.start || (specific(q) && !specific(p)))))
    .filter((p, i, all) => all.findIndex((q) => q.kind === p.kind && q.start === p.start && q.end === p.end) === i)
    .sort((a, b) => a.start - b.start);
  // "Neil Armstrong and Buzz Aldrin", "Monday to Friday from 8:30 a.m. to 6 p.m.": one answer each.
  return joinCoordinated(text, kept);
}
