import retextContractions from 'retext-contractions';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextIntensify from 'retext-intensify';
import retextPassive from 'retext-passive';
import retextRedundantAcronyms from 'retext-redundant-acronyms';
import retextRepeatedWords from 'retext-repeated-words';
import retextSentenceSpacing from 'retext-sentence-spacing';
import retextSimplify from 'retext-simplify';
import { unified } from 'unified';
import { VFile } from 'vfile';

export interface LintMessage {
  readonly source: string;
  readonly rule: string;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  readonly actual: string;
  readonly expected: readonly string[];
}

/** The retext rule set, frozen: a/an, repeated words, spacing, apostrophes, wordiness, passive, hedges (spelling is Harper's). */
function buildLinter() {
  return unified()
    .use(retextEnglish)
    .use(retextIndefiniteArticle)
    .use(retextRepeatedWords)
    .use(retextSentenceSpacing)
    .use(retextContractions, { straight: true })
    .use(retextRedundantAcronyms)
    .use(retextSimplify)
    .use(retextPassive)
    .use(retextIntensify)
    .freeze();
}

/** One retext pipeline per process. */
let processor: ReturnType<typeof buildLinter> | undefined;

/** Runs the retext rule set: a/an, repeated words, spacing, apostrophes, wordiness, passive, hedges. */
export function lintProse(text: string): LintMessage[] {
  const file = new VFile(text);
  processor ??= buildLinter();
  const p = processor;
  p.runSync(p.parse(file), file);
  return file.messages.flatMap((m) => {
    const place = m.place && 'start' in m.place ? m.place : undefined;
    const start = place?.start.offset;
    const end = place?.end.offset;
    if (start === undefined || end === undefined) return [];
    return [
      {
        source: m.source ?? 'retext',
        rule: m.ruleId ?? '',
        message: m.reason,
        start,
        end,
        actual: m.actual ?? text.slice(start, end),
        expected: m.expected ?? [],
      },
    ];
  });
}
