import type { Token } from './nlp';

const CONTENT = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD = new Set(['NOUN', 'PROPN']);
// Tagged as nouns, but never what a text is about: times, units of time, quantities, generic people and things.
const NOT_TOPICS = new Set([
  'today',
  'tomorrow',
  'yesterday',
  'tonight',
  'time',
  'way',
  'thing',
  'lot',
  'kind',
  'bit',
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'thousand',
  'hundred',
  'million',
  'billion',
  'dozen',
  'percent',
  'number',
  'men',
  'man',
  'women',
  'woman',
  'people',
  'everyone',
  'anyone',
]);

export interface ScoredPhrase {
  readonly phrase: string;
  readonly score: number;
  readonly count: number;
}

/**
 * RAKE (Rose et al., 2010) over part-of-speech chunks: candidates are runs of adjectives and nouns ending in a
 * noun; each word scores degree/frequency across candidates, a phrase the sum of its words' scores.
 */
export function rankPhrases(tokens: readonly Token[], maxWords = 4): ScoredPhrase[] {
  const candidates: Token[][] = [];
  let run: Token[] = [];
  const flush = () => {
    while (run.length && !HEAD.has(run[run.length - 1]!.pos)) run.pop();
    if (run.length) candidates.push(run.slice(-maxWords));
    run = [];
  };
  for (const token of tokens) {
    if (token.word && CONTENT.has(token.pos) && !token.stop && token.text.length > 1 && !NOT_TOPICS.has(token.lemma)) run.push(token);
    else flush();
  }
  flush();

  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const phrase of candidates) {
    for (const word of phrase) {
      frequency.set(word.lemma, (frequency.get(word.lemma) ?? 0) + 1);
      degree.set(word.lemma, (degree.get(word.lemma) ?? 0) + phrase.length);
    }
  }
  const byPhrase = new Map<string, { score: number; count: number; surface: string }>();
  for (const phrase of candidates) {
    const key = phrase.map((w) => w.lemma).join(' ');
    const score = phrase.reduce((sum, w) => sum + (degree.get(w.lemma) ?? 0) / (frequency.get(w.lemma) ?? 1), 0);
    const found = byPhrase.get(key);
    if (found) found.count += 1;
    else byPhrase.set(key, { score, count: 1, surface: phrase.map((w) => w.text).join(' ') });
  }
  return (
    [...byPhrase.values()]
      // Repetition matters beyond RAKE's word scores: a phrase said three times is a theme.
      .map((p) => ({ phrase: p.surface, score: p.score * (1 + Math.log(p.count)), count: p.count }))
      .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase))
  );
}
