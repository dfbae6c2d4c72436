import type { structureTools } from '../../schema/structure/structureTools';
import type { ToolArguments } from '../../schema/registry/toolInput';
/** The input of /regex, derived from its registry entry (schema/structure/structureTools.ts). */
export type RegexInput = ToolArguments<typeof structureTools, 'regex'>;

export interface RegexResult {
  pattern: string;
  flags: string;
  /** True when the pattern matches every example and no non-example. */
  verified: boolean;
  matches: { text: string; matched: boolean }[];
  non_matches: { text: string; matched: boolean }[];
  explanation: string;
}

type TokenClass = 'digit' | 'alpha' | 'space' | 'literal';

interface Token {
  readonly cls: TokenClass;
  readonly text: string;
}

/** Runs of digits, letters and spaces; any other character is a literal token of its own. */
function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  for (const m of s.matchAll(/\d+|\p{L}+|\s+|./gsu)) {
    const text = m[0];
    tokens.push({ cls: /^\d/.test(text) ? 'digit' : /^\p{L}/u.test(text) ? 'alpha' : /^\s/.test(text) ? 'space' : 'literal', text });
  }
  return tokens;
}

const signature = (tokens: Token[]) => tokens.map((t) => (t.cls === 'literal' ? `'${t.text}` : t.cls)).join(' ');
// Escapes what the `u` flag allows escaping outside a class ("-" is not among it).
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** How closely a pattern follows the examples: each level trades generality for fewer false matches. */
type Level = 'general' | 'natural' | 'strict';

function quantifier(lengths: number[], flexible: boolean): string {
  const min = Math.min(...lengths);
  const max = Math.max(...lengths);
  if (min === max) return min === 1 ? '' : `{${min}}`;
  if (flexible) return min === 0 ? '*' : '+';
  return `{${min},${max}}`;
}

function letterClass(texts: string[]): string {
  const all = texts.join('');
  if (/^[a-z]+$/.test(all)) return '[a-z]';
  if (/^[A-Z]+$/.test(all)) return '[A-Z]';
  if (/^[A-Za-z]+$/.test(all)) return '[A-Za-z]';
  return '\\p{L}';
}

/** One aligned position: the same kind of token in every example. */
function position(texts: string[], cls: TokenClass, level: Level, count: number): { re: string; say: string } {
  const distinct = [...new Set(texts)];
  const lengths = texts.map((t) => t.length);
  if (cls === 'literal') return { re: escape(texts[0]!), say: `"${texts[0]}"` };
  // A word every example shares ("INV" in "INV-0042") is part of the format; shared digits are left variable.
  if (distinct.length === 1 && (cls === 'alpha' || level === 'strict')) return { re: escape(distinct[0]!), say: `"${distinct[0]}"` };
  if (level === 'strict' && distinct.length <= 3 && count >= 3 && distinct.length < count)
    return { re: `(?:${distinct.map(escape).join('|')})`, say: `one of ${distinct.join(', ')}` };
  if (cls === 'space') return { re: `\\s${quantifier(lengths, level !== 'strict')}`, say: 'space' };
  if (cls === 'digit') {
    const q = quantifier(lengths, level === 'general');
    return { re: `\\d${q}`, say: `${describeCount(lengths)} digit(s)` };
  }
  // Capitalised words ("Alice", "Bob") keep their shape.
  if (texts.every((t) => /^[A-Z][a-z]+$/.test(t))) {
    return {
      re: `[A-Z][a-z]${quantifier(
        lengths.map((l) => l - 1),
        level !== 'strict',
      )}`,
      say: 'a capitalised word',
    };
  }
  return { re: `${letterClass(texts)}${quantifier(lengths, level !== 'strict')}`, say: `${describeCount(lengths)} letter(s)` };
}

const describeCount = (lengths: number[]) => {
  const min = Math.min(...lengths);
  const max = Math.max(...lengths);
  return min === max ? `${min}` : `${min}–${max}`;
};

/** The characters the strings use, as one class: [\d a-z . _]. */
function charClass(strings: string[], level: Level): { re: string; say: string } {
  const chars = new Set(strings.join(''));
  const lengths = strings.map((s) => s.length);
  // Digits mixed with a–f only: hexadecimal ("ff00aa", "00FF11").
  if ([...chars].every((c) => /[0-9a-f]/i.test(c)) && [...chars].some((c) => /\d/.test(c)) && [...chars].some((c) => /[a-f]/i.test(c))) {
    const cased = [...chars].some((c) => /[a-f]/.test(c)) ? 'a-f' : '';
    const upper = [...chars].some((c) => /[A-F]/.test(c)) ? 'A-F' : '';
    return { re: `[0-9${cased}${upper}]${quantifier(lengths, level === 'general')}`, say: `${describeCount(lengths)} hexadecimal digit(s)` };
  }
  const parts = new Set<string>();
  for (const c of chars)
    parts.add(/\d/.test(c) ? '\\d' : /[a-z]/.test(c) ? 'a-z' : /[A-Z]/.test(c) ? 'A-Z' : /\s/.test(c) ? '\\s' : c.replace(/[\]\\^-]/g, '\\$&'));
  const q = quantifier(lengths, level !== 'strict');
  return { re: `[${[...parts].sort().join('')}]${q}`, say: `characters from [${[...parts].sort().join('')}]` };
}

/**
 * Generalises a set of strings: aligned token classes when every example has the same shape, else a split at a
 * separator every example has exactly once ("@" in emails) with each side generalised on its own, else one
 * character class.
 */
function generalize(strings: string[], level: Level): { re: string; say: string[] } {
  if (strings.every((s) => s === strings[0])) return { re: escape(strings[0]!), say: strings[0] ? [`"${strings[0]}"`] : [] };
  if (strings.some((s) => s === '')) {
    const rest = strings.filter(Boolean);
    const inner = generalize(rest, level);
    return { re: `(?:${inner.re})?`, say: [`optionally ${inner.say.join(', ')}`] };
  }
  const tokenized = strings.map(tokenize);
  if (tokenized.every((t) => signature(t) === signature(tokenized[0]!))) {
    const parts = tokenized[0]!.map((token, i) =>
      position(
        tokenized.map((t) => t[i]!.text),
        token.cls,
        level,
        strings.length,
      ),
    );
    return { re: parts.map((p) => p.re).join(''), say: parts.map((p) => p.say) };
  }
  const first = strings[0]!;
  for (const ch of new Set(first.replace(/[\p{L}\d\s]/gu, ''))) {
    if (!strings.every((s) => s.split(ch).length === 2)) continue;
    const left = generalize(
      strings.map((s) => s.slice(0, s.indexOf(ch))),
      level,
    );
    const right = generalize(
      strings.map((s) => s.slice(s.indexOf(ch) + 1)),
      level,
    );
    return { re: `${left.re}${escape(ch)}${right.re}`, say: [...left.say, `"${ch}"`, ...right.say] };
  }
  const cls = charClass(strings, level);
  return { re: cls.re, say: [cls.say] };
}

function test(pattern: RegExp, s: string): boolean {
  return pattern.test(s);
}

/**
 * A pattern generalised from the examples, tried from the most general shape to the most literal until one
 * matches every example and none of the non-examples; the last resort lists the examples themselves.
 */
export function generateRegex(input: RegexInput): RegexResult {
  const fromText = input.text ? examplesInText(input.text) : { examples: [], non_examples: [] };
  const examples = [...(input.examples ?? []), ...fromText.examples];
  const negatives = [...(input.non_examples ?? []), ...fromText.non_examples];
  if (!examples.length) throw new RangeError('No examples to generalise from: send `examples`, or quote them in the text.');
  const flags = 'u';
  const candidates = (['natural', 'general', 'strict'] as Level[]).map((level) => {
    const g = generalize(examples, level);
    return { pattern: `^${g.re}$`, explanation: g.say.join(', then ') };
  });
  candidates.push({ pattern: `^(?:${[...new Set(examples)].map(escape).join('|')})$`, explanation: 'exactly one of the examples' });
  const check = (pattern: string) => {
    try {
      return new RegExp(pattern, flags);
    } catch {
      return undefined;
    }
  };
  const chosen =
    candidates.find((c) => {
      const re = check(c.pattern);
      return re && examples.every((e) => test(re, e)) && !negatives.some((n) => test(re, n));
    }) ?? candidates[candidates.length - 1]!;
  const re = new RegExp(chosen.pattern, flags);
  const matches = examples.map((text) => ({ text, matched: test(re, text) }));
  const non_matches = negatives.map((text) => ({ text, matched: test(re, text) }));
  return {
    pattern: chosen.pattern,
    flags,
    verified: matches.every((m) => m.matched) && non_matches.every((m) => !m.matched),
    matches,
    non_matches,
    explanation: chosen.explanation,
  };
}

/** Quoted strings in a description; those after a negation ("not", "but not", "except") are non-examples. */
export function examplesInText(text: string): { examples: string[]; non_examples: string[] } {
  const examples: string[] = [];
  const non_examples: string[] = [];
  let negated = false;
  for (const m of text.matchAll(/\b(not|never|except|excluding|but not|reject|non-examples?)\b|"([^"]+)"|“([^”]+)”|`([^`]+)`|'([^'\s][^']*)'/gi)) {
    if (m[1]) {
      negated = true;
      continue;
    }
    (negated ? non_examples : examples).push((m[2] ?? m[3] ?? m[4] ?? m[5])!);
  }
  return { examples, non_examples };
}
