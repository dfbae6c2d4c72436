import { readDoc, tokensOf, type Token } from './nlp';

// Numbers in words are stop words to wink, but "five years" and "ten years" say different things.
const NUMBER_WORDS =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|twice|half|dozen)$/;

/** Words that carry content: not stop words, not punctuation; numbers count (a year or an amount can be the point). */
export function isContent(token: Token): boolean {
  if (NUMBER_WORDS.test(token.text)) return true;
  return !token.stop && (token.word || /^\d/.test(token.text)) && /[\p{L}\p{N}]/u.test(token.text) && token.lemma.length > 1;
}

export function contentLemmas(text: string): string[] {
  return tokensOf(readDoc(text))
    .filter(isContent)
    .map((t) => t.lemma);
}

const stopWords = new Map<string, boolean>();

/** wink-nlp's stop-word list, asked one word at a time and remembered (WordNet collocations split into "pass on"). */
export function isStopWord(word: string): boolean {
  let stop = stopWords.get(word);
  if (stop === undefined) {
    stop = tokensOf(readDoc(word)).every((t) => t.stop || !t.word);
    if (stopWords.size > 20_000) stopWords.clear();
    stopWords.set(word, stop);
  }
  return stop;
}

export function countsOf(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}
