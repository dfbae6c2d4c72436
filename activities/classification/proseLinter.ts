import { readFileSync } from 'node:fs';
import path from 'node:path';
import retextContractions from 'retext-contractions';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextIntensify from 'retext-intensify';
import retextPassive from 'retext-passive';
import retextRedundantAcronyms from 'retext-redundant-acronyms';
import retextRepeatedWords from 'retext-repeated-words';
import retextSentenceSpacing from 'retext-sentence-spacing';
import retextSimplify from 'retext-simplify';
import retextSpell from 'retext-spell';
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

// Spelling suggestions are the slow part (nspell tries edits); past this many unknown words, they are only flagged.
const MAX_SPELLING_SUGGESTIONS = 20;

/**
 * dictionary-en's module reads its files with a top-level await, which CommonJS cannot load; the Hunspell files
 * sit beside it and are read directly.
 */
function englishDictionary(): { aff: Buffer; dic: Buffer } {
  const dir = path.dirname(require.resolve('dictionary-en'));
  return { aff: readFileSync(path.join(dir, 'index.aff')), dic: readFileSync(path.join(dir, 'index.dic')) };
}

/** The retext rule set, frozen: spelling, a/an, repeated words, spacing, apostrophes, wordiness, passive, hedges. */
function buildLinter() {
  return unified()
    .use(retextEnglish)
    .use(retextSpell, { dictionary: englishDictionary(), max: MAX_SPELLING_SUGGESTIONS })
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

/** One retext pipeline per process: building the Hunspell checker takes a few hundred milliseconds. */
let processor: ReturnType<typeof buildLinter> | undefined;

/** Runs the retext rule set: spelling (Hunspell), a/an, repeated words, spacing, apostrophes, wordiness, passive, hedges. */
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
