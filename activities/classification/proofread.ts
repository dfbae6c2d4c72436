import { readabilityOf } from '../tools/nlp/nlp';
import { lintProse, type LintMessage } from './proseLinter';
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
}

const KIND: Record<string, { type: IssueType; severity: Issue['severity'] }> = {
  'retext-spell': { type: 'spelling', severity: 'error' },
  'retext-indefinite-article': { type: 'grammar', severity: 'error' },
  'retext-repeated-words': { type: 'grammar', severity: 'error' },
  'retext-sentence-spacing': { type: 'punctuation', severity: 'warning' },
  'retext-contractions': { type: 'punctuation', severity: 'error' },
  'retext-redundant-acronyms': { type: 'style', severity: 'style' },
  'retext-simplify': { type: 'style', severity: 'style' },
  'retext-passive': { type: 'style', severity: 'style' },
  'retext-intensify': { type: 'style', severity: 'style' },
};

function fromLinter(m: LintMessage): Issue {
  const kind = KIND[m.source] ?? { type: 'style', severity: 'style' };
  // An unknown capitalised word is more often a name than a typo: reported, never auto-corrected.
  const maybeName = m.source === 'retext-spell' && /^\p{Lu}/u.test(m.actual);
  const suggestions = m.source === 'retext-repeated-words' ? [m.expected[0] ?? ''] : [...m.expected].slice(0, 5);
  return {
    type: kind.type,
    severity: maybeName ? 'info' : kind.severity,
    rule: m.source === 'retext-intensify' ? `intensify/${m.rule}` : m.source.replace(/^retext-/, ''),
    message: m.message,
    start: m.start,
    end: m.end,
    original: m.actual,
    suggestions,
  };
}

/** Checks no retext plugin makes: a sentence starting in lower case, runs of spaces inside a sentence, a lone "i". */
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

const SEVERITY_RANK = { error: 0, warning: 1, style: 2, info: 3 } as const;

/** Rule-based proofreading: retext's English rule set plus house rules, corrections applied where a rule names one fix. */
export function proofread(input: ProofreadInput): ProofreadResult {
  const { text } = input;
  const all = [...lintProse(text).map(fromLinter), ...houseRules(text)].sort(
    (a, b) => a.start - b.start || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
  );
  // Two rules on the same span (spelling and apostrophes on "dont") are one issue; the one with a single fix wins.
  const issues: Issue[] = [];
  for (const issue of all) {
    const same = issues.find((i) => i.start === issue.start && i.end === issue.end);
    if (!same) issues.push(issue);
    else if (same.suggestions.length !== 1 && issue.suggestions.length === 1) issues.splice(issues.indexOf(same), 1, issue);
  }

  const corrections: ProofreadResult['corrections'] = [];
  let lastEnd = -1;
  for (const issue of issues) {
    const confident = issue.severity === 'error' || issue.severity === 'warning' || issue.rule.startsWith('redundant-acronyms');
    const single = issue.suggestions.length === 1 || (issue.type === 'spelling' && issue.suggestions.length > 0);
    if (!confident || !single || issue.start < lastEnd) continue;
    corrections.push({ start: issue.start, end: issue.end, original: issue.original, replacement: issue.suggestions[0]!, rule: issue.rule });
    lastEnd = issue.end;
  }
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
  };
}
