import type { PhraseKind, TypedPhrase } from './typedPhrases';

/**
 * Coordination: two phrases of one kind joined by "and", "or", a comma or a range word ("Tuesday and Thursday",
 * "Monday to Friday", "Boeing, North American Aviation and Douglas") are one answer, and a short answer that quotes
 * one of them quotes half of it.
 */

// What may stand between two coordinated phrases: a list's comma (with its "and"/"or"), "and", "or", a range word.
const JOINER = /^\.?(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&|to|through|thru|till|until)\s+|\s*[-–]\s*)$/i;
// "between 9 and 11 a.m.", "from May to September": the word that opens a range belongs to it.
const RANGE_OPENER = /\b(?:between|from)\s+$/i;

// Kinds that are one kind to coordination: a day and a clock time ("Friday from 8 a.m." and "6 p.m."), a name whose
// kind the tagger did not know beside a person or a place.
const JOINED_KIND: Readonly<Partial<Record<PhraseKind, Readonly<Partial<Record<PhraseKind, PhraseKind>>>>>> = {
  date: { time: 'date' },
  time: { date: 'date' },
  person: { name: 'person' },
  place: { name: 'place' },
  name: { person: 'person', place: 'place', organization: 'organization' },
  organization: { name: 'organization' },
};

function kindOfPair(a: TypedPhrase, b: TypedPhrase): PhraseKind | undefined {
  if (a.kind === b.kind) {
    // "64,000 jobs and 900 islands" are two answers: counts join only when they count one thing (or say nothing of it).
    if (a.kind === 'count' && a.counts && b.counts && a.counts !== b.counts) return undefined;
    return a.kind;
  }
  return JOINED_KIND[a.kind]?.[b.kind];
}

/**
 * The phrases of a text (sorted by start, none inside another) with coordinated runs of one kind joined into one
 * phrase, a range's opening "between"/"from" with them.
 */
export function joinCoordinated(text: string, phrases: readonly TypedPhrase[]): TypedPhrase[] {
  const joined: TypedPhrase[] = [];
  for (const next of phrases) {
    const last = joined[joined.length - 1];
    const kind = last && last.end <= next.start ? kindOfPair(last, next) : undefined;
    const gap = text.slice(last?.end ?? 0, next.start);
    // "on Tuesday and the last Sunday": a day or a time may take an article; a name's "the" is its own.
    const joins = JOINER.test(gap) || ((kind === 'date' || kind === 'time') && JOINER.test(gap.replace(/\bthe\s+$/i, ' ')));
    if (!last || !kind || !joins) {
      joined.push(next);
      continue;
    }
    const opener = RANGE_OPENER.exec(text.slice(0, last.start));
    const start = opener && /\b(?:and|to|till|until|through|thru)\b|[-–]/i.test(text.slice(last.end, next.start)) ? opener.index : last.start;
    const counts = last.counts ?? next.counts;
    joined[joined.length - 1] = { kind, text: text.slice(start, next.end), start, end: next.end, ...(counts ? { counts } : {}) };
  }
  return joined;
}

const NUMBER_WORD = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred';
// Right after a phrase: a coordinator and the start of another phrase like it (a capital, a digit, a number word).
const CONTINUED = new RegExp(
  `^\\.?\\s*(?:,\\s*)?(?:and|or|to|through|till|until|&|[-–])\\s*(?:(?:the|on|in|at|every|each|first|last|second|third|fourth)\\s+){0,3}(?:\\p{Lu}|\\d|(?:${NUMBER_WORD})\\b)`,
  'u',
);
// Right before it: "between 9 and", "Monday to", "Boeing, Airbus and".
const CONTINUING = /(?:\bbetween\s+\S+|[\p{Lu}\d][\p{L}\d.:]*)\s*(?:,|,?\s*\band|,?\s*\bor|\bto|\bthrough|\btill|\buntil|&|[-–])\s*$/u;

/**
 * The phrase is one part of a coordinated phrase the reader did not join (its other part was not read as the same
 * kind): "on Tuesday" of "on Tuesday and the last Thursday of the month". An answer quoting it says less than the text.
 */
export function isFragment(text: string, phrase: Pick<TypedPhrase, 'start' | 'end'>): boolean {
  // "a.m." keeps its full stop in the text although the phrase ends before it.
  return CONTINUED.test(text.slice(phrase.end)) || CONTINUING.test(text.slice(0, phrase.start).replace(/\b(?:on|in|at)\s+$/i, ''));
}
