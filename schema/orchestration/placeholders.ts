/**
 * Placeholders in chain and pipeline params: where a step takes the previous step's result. One grammar for every
 * variant the spec shows, so a caller may write any of them in /chain and /pipeline:
 *
 * - `{{prev_result}}`, `{{prev}}`, `$prev.result`: the previous result as text (its main text field, else JSON);
 * - `{{prev_result.field}}`, `{{prev.field}}`, `$prev.result.field` (dotted, numbers index arrays): one field.
 *
 * A string that is exactly one field placeholder takes the field's value as it is (a list stays a list); anywhere
 * else a placeholder becomes text. Any other `{{name}}` or `$prev…` is an unknown placeholder, refused, so a typo
 * never reaches a tool as literal text. Braces around something that is not a name (`{{#each}}`) are left alone.
 */

/** A placeholder as written, and the field path it reads (empty: the whole previous result). */
export interface PlaceholderRef {
  readonly raw: string;
  readonly path: readonly string[];
}

export interface PlaceholderScan {
  readonly refs: readonly PlaceholderRef[];
  /** Placeholders of no known form, as written. */
  readonly unknown: readonly string[];
}

/** Reads the previous result at a path (run time: the real output; planning: a sample from its schema). */
export type PreviousResult = (path: readonly string[]) => unknown;

/** A placeholder that cannot be filled: no previous step, or no such field. */
export class PlaceholderProblem extends Error {}

export const PLACEHOLDER_FORMS = '{{prev_result}}, {{prev_result.field}}, {{prev}}, {{prev.field}}, $prev.result or $prev.result.field';

const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}|\$prev\b((?:\.\w+)*)/g;
const MUSTACHE_KNOWN = /^(?:prev_result|prev)((?:\.\w+)*)$/;
const LOOKS_LIKE_NAME = /^[A-Za-z_$][\w$.[\]-]*$/;

type Token = { readonly kind: 'ref'; readonly ref: PlaceholderRef } | { readonly kind: 'unknown'; readonly raw: string } | { readonly kind: 'literal' };

function classify(match: RegExpExecArray): Token {
  const [raw, mustache, dollarPath] = match;
  if (mustache !== undefined) {
    const known = MUSTACHE_KNOWN.exec(mustache);
    if (known) return { kind: 'ref', ref: { raw, path: segments(known[1]!) } };
    return LOOKS_LIKE_NAME.test(mustache) ? { kind: 'unknown', raw } : { kind: 'literal' };
  }
  const path = segments(dollarPath ?? '');
  if (path[0] !== 'result') return { kind: 'unknown', raw };
  return { kind: 'ref', ref: { raw, path: path.slice(1) } };
}

function segments(dotted: string): string[] {
  return dotted.split('.').filter(Boolean);
}

function tokensOf(text: string): { match: RegExpExecArray; token: Token }[] {
  return [...text.matchAll(TOKEN)].map((match) => ({ match, token: classify(match) }));
}

/** Every placeholder in a params value, known and unknown. */
export function scanPlaceholders(value: unknown): PlaceholderScan {
  const refs: PlaceholderRef[] = [];
  const unknown: string[] = [];
  walkStrings(value, (text) => {
    for (const { token } of tokensOf(text)) {
      if (token.kind === 'ref') refs.push(token.ref);
      else if (token.kind === 'unknown') unknown.push(token.raw);
    }
  });
  return { refs, unknown };
}

/** The params with every placeholder filled from the previous result. Throws PlaceholderProblem for an unknown one. */
export function fillPlaceholders(value: unknown, previous: PreviousResult): unknown {
  if (typeof value === 'string') return fillString(value, previous);
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, previous));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, previous)]));
  }
  return value;
}

function fillString(text: string, previous: PreviousResult): unknown {
  const found = tokensOf(text);
  if (found.length === 0) return text;
  const only = found.length === 1 ? found[0]! : undefined;
  if (only?.token.kind === 'ref' && only.token.ref.path.length > 0 && only.match[0] === text.trim()) return previous(only.token.ref.path);
  let filled = '';
  let from = 0;
  for (const { match, token } of found) {
    if (token.kind === 'literal') continue;
    if (token.kind === 'unknown') throw new PlaceholderProblem(`unknown placeholder ${token.raw}; use ${PLACEHOLDER_FORMS}`);
    filled += text.slice(from, match.index) + asText(previous(token.ref.path));
    from = match.index + match[0].length;
  }
  return filled + text.slice(from);
}

/** Reads a field of a real result; a missing one is a PlaceholderProblem naming the fields there are. */
export function fieldOf(result: Record<string, unknown>): PreviousResult {
  return (path) => {
    if (path.length === 0) return result;
    let here: unknown = result;
    for (const [depth, key] of path.entries()) {
      const next = here !== null && typeof here === 'object' ? (here as Record<string, unknown>)[key] : undefined;
      if (next === undefined) {
        const at = path.slice(0, depth).join('.');
        const fields = here !== null && typeof here === 'object' ? Object.keys(here).join(', ') : '';
        throw new PlaceholderProblem(`the previous result has no field "${path.join('.')}"${fields ? ` (${at ? `${at} has` : 'it has'}: ${fields})` : ''}`);
      }
      here = next;
    }
    return here;
  };
}

/**
 * Fields that hold a tool's main text, in order of preference: what `{{prev_result}}` stands for when the next
 * tool wants text (a summary's summary, a translation's translation), rather than the JSON around it.
 */
const MAIN_TEXT_FIELDS = [
  'text',
  'result',
  'summary',
  'translation',
  'rewritten',
  'corrected_text',
  'answer',
  'reply',
  'content',
  'body',
  'code',
  'sql',
  'markdown',
  'diagram',
  'stdout',
  'explanation',
  'preview',
  'final_answer',
];

/** A value as text: a result by its main text field (else JSON), a string as it is, anything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const field of MAIN_TEXT_FIELDS) {
      const text = record[field];
      if (typeof text === 'string' && text.trim()) return text;
    }
  }
  return JSON.stringify(value);
}

function walkStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) walkStrings(item, visit);
}
