import { readabilityOf } from '../tools/nlp/nlp';
import { editDistance, typingDistance } from '../tools/nlp/editDistance';
import { lintProse, type LintMessage } from './proseLinter';
import { lintWithHarper } from './harperLinter';
import { confusedWordsIn } from './confusedWords';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';
import type { classificationTools } from '../../schema/classification/classificationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /proofread, derived from its registry entry (schema/classification/classificationTools.ts). */
export type ProofreadInput = ToolArguments<typeof classificationTools, 'proofread'>;

export type IssueType = 'spelling' | 'grammar' | 'punctuation' | 'capitalization' | 'style';

export interface Issue {
  type: IssueType;
  /** error: almost certainly wrong; warning: likely wrong; style: a matter of taste; info: unknown word, maybe a name. */
  severity: 'error' | 'warning' | 'style' | 'info';
  rule: string;
  message: string;
  start: number;
  end: number;
  original: string;
  suggestions: string[];
}

export interface ProofreadResult {
  corrected_text: string;
  corrections: { start: number; end: number; original: string; replacement: string; rule: string }[];
  issues: Issue[];
  writing_score: number;
  scores: { correctness: number; style: number; readability: number };
  stats: { words: number; sentences: number; flesch_reading_ease: number };
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

const RETEXT_KIND: Record<string, { type: IssueType; severity: Issue['severity'] }> = {
  'retext-indefinite-article': { type: 'grammar', severity: 'error' },
  'retext-repeated-words': { type: 'grammar', severity: 'error' },
  'retext-sentence-spacing': { type: 'punctuation', severity: 'warning' },
  'retext-contractions': { type: 'punctuation', severity: 'error' },
  'retext-redundant-acronyms': { type: 'style', severity: 'style' },
  'retext-simplify': { type: 'style', severity: 'style' },
  'retext-passive': { type: 'style', severity: 'style' },
  'retext-intensify': { type: 'style', severity: 'style' },
};

// Harper's lint kinds: which of our issue types each is, and those whose first suggestion is applied (subject to checks).
const HARPER_TYPE: Record<string, IssueType> = { Spelling: 'spelling', Capitalization: 'capitalization', Punctuation: 'punctuation' };
const HARPER_STYLE = new Set(['Style', 'Readability', 'Enhancement', 'Redundancy', 'Regionalism', 'Formatting']);
const HARPER_APPLIED = new Set([
  'Agreement',
  'Grammar',
  'Typo',
  'Repetition',
  'BoundaryError',
  'Eggcorn',
  'Malapropism',
  'Miscellaneous',
  'Punctuation',
  'Capitalization',
  'WordChoice',
  'Spelling',
]);

// An unknown capitalised word is more often a name than a typo: reported, never auto-corrected.
const maybeName = (word: string) => /^\p{Lu}/u.test(word);

function fromRetext(m: LintMessage): Issue {
  const kind = RETEXT_KIND[m.source] ?? { type: 'style', severity: 'style' };
  const suggestions = m.source === 'retext-repeated-words' ? [m.expected[0] ?? ''] : [...m.expected].slice(0, 5);
  return {
    type: kind.type,
    severity: kind.severity,
    rule: m.source === 'retext-intensify' ? `intensify/${m.rule}` : m.source.replace(/^retext-/, ''),
    message: m.message,
    start: m.start,
    end: m.end,
    original: m.actual,
    suggestions,
  };
}

function fromHarper(m: LintMessage): Issue {
  const style = HARPER_STYLE.has(m.rule);
  const type = style ? 'style' : (HARPER_TYPE[m.rule] ?? 'grammar');
  // Spelling suggestions in order of how people mistype (typingDistance), ties kept in Harper's order.
  const byTyping = (s: string) => typingDistance(m.actual.toLowerCase(), s.toLowerCase());
  const suggestions = type === 'spelling' ? [...m.expected].sort((x, y) => byTyping(x) - byTyping(y)) : [...m.expected];
  return {
    type,
    severity: style ? 'style' : type === 'spelling' && maybeName(m.actual) ? 'info' : 'error',
    rule: `harper/${m.rule}`,
    message: m.message,
    start: m.start,
    end: m.end,
    original: m.actual,
    suggestions: suggestions.slice(0, 5),
  };
}

/** Checks no library makes: a sentence starting in lower case, runs of spaces inside a sentence, a lone "i". */
function houseRules(text: string): Issue[] {
  const issues: Issue[] = [];
  for (const s of sentenceSpans(text)) {
    const first = /\p{L}/u.exec(s.text);
    if (first && first.index === 0 && /\p{Ll}/u.test(first[0])) {
      const word = /^\S+/.exec(s.text)![0];
      issues.push({
        type: 'capitalization',
        severity: 'error',
        rule: 'sentence-case',
        message: 'A sentence starts with a lowercase letter.',
        start: s.start,
        end: s.start + word.length,
        original: word,
        suggestions: [word[0]!.toUpperCase() + word.slice(1)],
      });
    }
  }
  for (const m of text.matchAll(/(?<=\S) {2,}(?=\S)/g)) {
    issues.push({
      type: 'punctuation',
      severity: 'warning',
      rule: 'double-space',
      message: `${m[0].length} spaces between words, expected 1.`,
      start: m.index,
      end: m.index + m[0].length,
      original: m[0],
      suggestions: [' '],
    });
  }
  for (const m of text.matchAll(/(?<![\p{L}'’])i(?![\p{L}'’])/gu)) {
    issues.push({
      type: 'capitalization',
      severity: 'error',
      rule: 'pronoun-i',
      message: 'The pronoun "I" is always capitalised.',
      start: m.index,
      end: m.index + 1,
      original: 'i',
      suggestions: ['I'],
    });
  }
  return issues;
}

// British and American spellings of one word ("colour"/"color", "analysed"/"analyzed") are both right.
const AMERICAN: readonly [RegExp, string][] = [
  [/our(?=s?$|ed$|ing$|ful$|ite$)/, 'or'],
  [/is(e|ed|es|ing|ation|ations)$/, 'iz$1'],
  [/ys(e|ed|es|ing)$/, 'yz$1'],
  [/tre(s?)$/, 'ter$1'],
  [/ll(ed|ing|er|ers)$/, 'l$1'],
  [/ogue$/, 'og'],
  [/ence$/, 'ense'],
  [/ae/, 'e'],
  [/oe/, 'e'],
];
const american = (word: string) => AMERICAN.reduce((w, [from, to]) => w.replace(from, to), word.toLowerCase());
const isDialectVariant = (word: string, suggestion: string) => american(word) === american(suggestion);

/**
 * Whether an issue's first suggestion is applied to the text. A spelling fix needs a lowercase word (a capitalised
 * one may be a name), not a British or American variant, and a first suggestion strictly closer than the next (Harper
 * ranks "wish" before "which" for "wich": a tie is left to the writer). A word-choice fix must look like the word it
 * replaces ("effect" → "affect", not "untill" → "distill"); a capital is added, never taken away.
 */
function applicable(issue: Issue): boolean {
  const [first] = issue.suggestions;
  if (first === undefined || (issue.severity !== 'error' && issue.severity !== 'warning' && !issue.rule.startsWith('redundant-acronyms'))) return false;
  if (issue.rule.startsWith('harper/')) {
    const kind = issue.rule.slice('harper/'.length);
    if (!HARPER_APPLIED.has(kind)) return false;
    if (kind === 'Capitalization')
      return first.toLowerCase() === issue.original.toLowerCase() && first !== first.toLowerCase() && first !== issue.original.toLowerCase();
    if (kind === 'WordChoice')
      return (
        editDistance(first.toLowerCase(), issue.original.toLowerCase()) <= 2 || first.toLowerCase().startsWith(issue.original.split(/\s/)[0]!.toLowerCase())
      );
    if (kind === 'Spelling') {
      if (maybeName(issue.original) || isDialectVariant(issue.original, first)) return false;
      const [best, next] = issue.suggestions.map((s) => typingDistance(issue.original.toLowerCase(), s.toLowerCase()));
      return best! <= 2 && (next === undefined || best! < next);
    }
    return true;
  }
  return issue.suggestions.length === 1;
}

const SEVERITY_RANK = { error: 0, warning: 1, style: 2, info: 3 } as const;
// Which source's fix wins where fixes overlap: the confusion rules see the context, Harper's rules next, then the rest.
const PRIORITY = (issue: Issue) =>
  issue.rule.startsWith('confused/') ? 0 : issue.rule.startsWith('harper/') && issue.type !== 'spelling' ? 1 : issue.rule.startsWith('harper/') ? 2 : 3;

/**
 * Rule-based proofreading: Harper's grammar and spelling checker, rules for confused words and agreement over wink's
 * parts of speech (confusedWords), retext's English rule set and house rules. Every finding is an issue; a fix is
 * applied where its rule is one to trust with a single answer (applicable), the more context-aware source winning
 * where fixes overlap.
 */
export async function proofread(input: ProofreadInput): Promise<ProofreadResult> {
  const { text } = input;
  const confused: Issue[] = confusedWordsIn(text).map((c) => ({
    type: 'grammar',
    severity: 'error',
    rule: `confused/${c.rule}`,
    message: c.message,
    start: c.start,
    end: c.end,
    original: c.original,
    suggestions: [c.replacement],
  }));
  const all = [...confused, ...(await lintWithHarper(text)).map(fromHarper), ...lintProse(text).map(fromRetext), ...houseRules(text)].sort(
    (a, b) => a.start - b.start || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || PRIORITY(a) - PRIORITY(b),
  );
  // Two rules on the same span are one issue: one with a fix to apply over one without, then the first by priority.
  const issues: Issue[] = [];
  const rank = (i: Issue) => (applicable(i) ? 0 : 10) + PRIORITY(i);
  for (const issue of all) {
    const same = issues.find((i) => i.start === issue.start && i.end === issue.end);
    if (!same) issues.push(issue);
    else if (rank(issue) < rank(same)) issues.splice(issues.indexOf(same), 1, issue);
  }

  const chosen: Issue[] = [];
  for (const issue of [...issues].filter(applicable).sort((a, b) => PRIORITY(a) - PRIORITY(b) || a.start - b.start)) {
    if (chosen.some((c) => issue.start < c.end && c.start < issue.end)) continue;
    chosen.push(issue);
  }
  const corrections = chosen
    .sort((a, b) => a.start - b.start)
    .map((issue) => ({ start: issue.start, end: issue.end, original: issue.original, replacement: issue.suggestions[0]!, rule: issue.rule }));
  let corrected_text = text;
  for (const c of [...corrections].reverse()) corrected_text = corrected_text.slice(0, c.start) + c.replacement + corrected_text.slice(c.end);

  const stats = readabilityOf(text);
  const per100 = (n: number) => (n * 100) / Math.max(stats.numOfWords, 1);
  const count = (severity: Issue['severity']) => issues.filter((i) => i.severity === severity).length;
  // Errors cost ten points per hundred words, warnings five, style notes three; readability is Flesch reading ease.
  const clamp = (n: number) => Math.round(Math.max(0, Math.min(100, n)));
  const scores = {
    correctness: clamp(100 - 10 * per100(count('error')) - 5 * per100(count('warning'))),
    style: clamp(100 - 3 * per100(count('style'))),
    readability: clamp(stats.fres),
  };
  return {
    corrected_text,
    corrections,
    issues,
    writing_score: clamp(0.5 * scores.correctness + 0.25 * scores.style + 0.25 * scores.readability),
    scores,
    stats: { words: stats.numOfWords, sentences: stats.numOfSentences, flesch_reading_ease: stats.fres },
    method: 'harper-rules',
  };
}
