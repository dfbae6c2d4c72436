import similarity from 'wink-nlp/utilities/similarity';
import { countsOf } from './contentLemmas';

export type TermVector = Record<string, number>;

/** Smoothed inverse document frequency over a collection of term lists (sentences, passages …). */
export function idfOf(documents: readonly (readonly string[])[]): (term: string) => number {
  const df = new Map<string, number>();
  for (const doc of documents) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  return (term) => Math.log((1 + n) / (1 + (df.get(term) ?? 0))) + 1;
}

/** Log-scaled term frequency times idf. */
export function tfidfVector(terms: readonly string[], idf: (term: string) => number): TermVector {
  const vector: TermVector = {};
  for (const [term, count] of countsOf(terms)) vector[term] = (1 + Math.log(count)) * idf(term);
  return vector;
}

export function cosine(a: TermVector, b: TermVector): number {
  if (!Object.keys(a).length || !Object.keys(b).length) return 0;
  return similarity.bow.cosine(a, b);
}
