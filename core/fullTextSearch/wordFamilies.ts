import { type RawBuilder, sql } from 'kysely';

/** British spellings and their American forms, read at a word's end: summarise, colour, analyse, centre, catalogue. */
const BRITISH_ENDINGS: readonly [RegExp, string][] = [
  [/isation(s?)$/, 'ization$1'],
  [/is(e|es|ed|ing|er|ers)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/our(s?|ed|ing|ful)$/, 'or$1'],
  [/tre(s?)$/, 'ter$1'],
  [/ogue(s?)$/, 'og$1'],
];

/** Endings that make other words of one family (summarize, summary, summarization), longest first. */
const FAMILY_ENDINGS = [
  'izations',
  'ization',
  'ations',
  'ation',
  'izing',
  'ized',
  'izes',
  'ize',
  'ings',
  'ing',
  'ions',
  'ion',
  'ies',
  'ied',
  'ers',
  'er',
  'ed',
  'es',
  'e',
  's',
  'y',
];

/** Below this a root would join unrelated words (cat… catalog, run… runtime): shorter words match whole only. */
const MIN_ROOT = 4;

/** A word's American spelling: the same lexeme for summarise and summarize, colour and color. */
export function americanSpelling(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 6) return lower;
  for (const [ending, american] of BRITISH_ENDINGS) if (ending.test(lower)) return lower.replace(ending, american);
  return lower;
}

/** The root a word's family shares, or null when it is too short to share one safely. */
export function familyRoot(word: string): string | null {
  const american = americanSpelling(word);
  if (american.length < MIN_ROOT + 1) return null;
  for (const ending of FAMILY_ENDINGS) {
    if (american.endsWith(ending) && american.length - ending.length >= MIN_ROOT) return american.slice(0, -ending.length);
  }
  return american;
}

/** The distinct words of a text, lower-cased, at most 32. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 32);
}

const quoted = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;

/**
 * A full-text query for English documents that matches any of the text's words, or any word of their families:
 * each word as PostgreSQL's English stemmer reads it (in both spellings), or as a prefix of the family's root
 * (summar:* finds summarize, summary, summarise and summarization, whose English stems differ). Null without words.
 */
export function wordFamilyQuery(text: string): RawBuilder<unknown> | null {
  const words = wordsOf(text);
  if (!words.length) return null;
  const spellings = [...new Set(words.flatMap((w) => [w, americanSpelling(w)]))];
  const roots = [...new Set(words.map(familyRoot).filter((r): r is string => r !== null))];
  const whole = sql`to_tsquery('english', ${spellings.map(quoted).join(' | ')})`;
  if (!roots.length) return whole;
  return sql`(${whole} || to_tsquery('simple', ${roots.map((r) => `${quoted(r)}:*`).join(' | ')}))`;
}
