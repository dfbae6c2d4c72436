import bm25Vectorizer from 'wink-nlp/utilities/bm25-vectorizer';
import { contentLemmas } from '../tools/nlp/contentLemmas';
import { nlp } from '../tools/nlp/nlp';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';

export interface Passage {
  /** Index of the document in the caller's list. */
  readonly document: number;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Position of the sentence before it in the same document, if any. */
  readonly previous?: number;
}

export interface RankedPassage extends Passage {
  /** Okapi BM25 score of the sentence, plus half that of the sentence before it (see rankPassages). */
  readonly score: number;
  /** Share of the question's idf mass the passage and its preceding sentence contain. */
  readonly coverage: number;
  readonly matched: string[];
}

// "It was built by Boeing" answers "who built the rocket?" only with the sentence before it; that context counts half.
const CONTEXT_WEIGHT = 0.5;

/** Sentences are the passages: short enough to quote, long enough to hold an answer. */
export function passagesOf(documents: readonly string[]): Passage[] {
  const passages: Passage[] = [];
  documents.forEach((text, document) =>
    sentenceSpans(text).forEach((s, i) => passages.push({ document, ...s, ...(i > 0 ? { previous: passages.length - 1 } : {}) })),
  );
  return passages;
}

/**
 * BM25 (k1 1.2, b 0.75) with wink-nlp's vectorizer: each sentence's vector holds its BM25 term weights, so a
 * question's score against a sentence is the sum of the weights of the question's terms in it.
 */
export function rankPassages(passages: readonly Passage[], question: string): RankedPassage[] {
  // Nothing to rank (no sentence in the documents): wink's vectorizer refuses to weigh an empty collection.
  if (passages.length === 0) return [];
  const its = nlp().its;
  const vectorizer = bm25Vectorizer({ k: 1, k1: 1.2, b: 0.75, norm: 'none' });
  for (const p of passages) {
    const terms = contentLemmas(p.text);
    vectorizer.learn(terms.length ? terms : ['∅']);
  }
  const idf = new Map(vectorizer.out(its.idf) as [string, number][]);
  const maxIdf = Math.max(1, ...idf.values());
  const asked = [...new Set(contentLemmas(question))];
  // A question word no passage contains still counts against coverage, at the highest idf: it is what was asked.
  const askedMass = asked.reduce((s, q) => s + (idf.get(q) ?? maxIdf), 0);
  const own = passages.map((_, i) => {
    const bow = vectorizer.doc(i).out(its.bow) as Record<string, number>;
    const matched = asked.filter((q) => bow[q] !== undefined);
    return { matched, score: matched.reduce((s, q) => s + bow[q]!, 0) };
  });

  return passages
    .map((passage, i) => {
      const before = passage.previous === undefined ? undefined : own[passage.previous];
      const matched = [...new Set([...own[i]!.matched, ...(before?.matched ?? [])])];
      return {
        ...passage,
        score: own[i]!.score + CONTEXT_WEIGHT * (before?.score ?? 0),
        coverage: askedMass ? matched.reduce((s, q) => s + (idf.get(q) ?? 0), 0) / askedMass : 0,
        matched: own[i]!.matched,
      };
    })
    .sort((a, b) => b.score - a.score || a.document - b.document || a.start - b.start);
}
