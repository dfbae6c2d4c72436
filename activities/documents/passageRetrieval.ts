import bm25Vectorizer from 'wink-nlp/utilities/bm25-vectorizer';
import { contentLemmas } from '../tools/nlp/contentLemmas';
import { nlp } from '../tools/nlp/nlp';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';
import { variantsOf } from '../tools/nlp/termVariants';

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
  /** Okapi BM25 score of the sentence for the asked terms, plus half that of the sentence before it (see rankPassages). */
  readonly score: number;
  /** Share of the asked terms' idf mass the passage holds (a term only elsewhere in its document counts half). */
  readonly coverage: number;
  /** The asked terms the passage itself holds, in their own words or a WordNet variant. */
  readonly matched: string[];
}

// "She died in 1852" answers "when did Ada Lovelace die?" only with the rest of its document, where "Ada Lovelace" is
// named: a document is about its topic throughout, and a term met elsewhere in it counts half.
const CONTEXT_WEIGHT = 0.5;
// "It stretches over 2,300 km": a sentence opening with a pronoun is about what the sentence before named.
const PRONOUN_WEIGHT = 0.8;
const OPENS_WITH_PRONOUN =
  /^(?:it|its|he|his|she|her|they|their|this|these|the (?:company|city|mountain|bridge|reef|river|forest|desert|product|device|app|service))\b/i;
// A WordNet variant ("approval" for "approve") is good evidence, not as good as the word itself.
const VARIANT_WEIGHT = 0.8;

/** Sentences are the passages: short enough to quote, long enough to hold an answer. */
export function passagesOf(documents: readonly string[]): Passage[] {
  const passages: Passage[] = [];
  documents.forEach((text, document) =>
    sentenceSpans(text).forEach((s, i) => passages.push({ document, ...s, ...(i > 0 ? { previous: passages.length - 1 } : {}) })),
  );
  return passages;
}

/**
 * BM25 (k1 1.2, b 0.75) with wink-nlp's vectorizer: each sentence's vector holds its BM25 term weights, so the asked
 * terms' score against a sentence is the sum of their weights in it; a term is also met by its WordNet variants.
 */
export function rankPassages(passages: readonly Passage[], terms: readonly string[]): RankedPassage[] {
  // Nothing to rank (no sentence in the documents): wink's vectorizer refuses to weigh an empty collection.
  if (passages.length === 0) return [];
  const its = nlp().its;
  const vectorizer = bm25Vectorizer({ k: 1, k1: 1.2, b: 0.75, norm: 'none' });
  for (const p of passages) {
    // "e-bike" is also a "bike".
    const lemmas = contentLemmas(p.text).flatMap((l) => (l.includes('-') ? [l, ...l.split('-').filter((part) => part.length > 2)] : [l]));
    vectorizer.learn(lemmas.length ? lemmas : ['∅']);
  }
  const idf = new Map(vectorizer.out(its.idf) as [string, number][]);
  const maxIdf = Math.max(1, ...idf.values());
  const asked = [...new Set(terms)].map((term) => ({ term, forms: [term, ...variantsOf(term)] }));
  // A term no passage holds, in any form, still counts against coverage at the highest idf: it is what was asked.
  const weightOf = (forms: string[]) => forms.map((f) => idf.get(f)).find((w) => w !== undefined) ?? maxIdf;
  const askedMass = asked.reduce((s, a) => s + weightOf(a.forms), 0);
  const own = passages.map((_, i) => {
    const bow = vectorizer.doc(i).out(its.bow) as Record<string, number>;
    return asked.map(({ term, forms }) => {
      const form = forms.find((f) => bow[f] !== undefined);
      return form === undefined
        ? { term, weight: 0, score: 0 }
        : { term, weight: form === term ? 1 : VARIANT_WEIGHT, score: bow[form]! * (form === term ? 1 : VARIANT_WEIGHT) };
    });
  });

  // Per document, the best weight each asked term has in any of its sentences.
  const inDocument = new Map<number, number[]>();
  passages.forEach((p, i) => {
    const best = inDocument.get(p.document) ?? asked.map(() => 0);
    own[i]!.forEach((m, k) => (best[k] = Math.max(best[k]!, m.weight)));
    inDocument.set(p.document, best);
  });
  return passages
    .map((passage, i) => {
      const mine = own[i]!;
      const before = passage.previous === undefined ? undefined : own[passage.previous];
      const context = inDocument.get(passage.document)!;
      const pronoun = before && OPENS_WITH_PRONOUN.test(passage.text) ? before : undefined;
      const covered = asked.reduce(
        (s, a, k) => s + weightOf(a.forms) * Math.max(mine[k]!.weight, CONTEXT_WEIGHT * context[k]!, PRONOUN_WEIGHT * (pronoun?.[k]!.weight ?? 0)),
        0,
      );
      const score = mine.reduce((s, m) => s + m.score, 0) + CONTEXT_WEIGHT * (before?.reduce((s, m) => s + m.score, 0) ?? 0);
      return { ...passage, score, coverage: askedMass ? covered / askedMass : 0, matched: mine.filter((m) => m.weight > 0).map((m) => m.term) };
    })
    .sort((a, b) => b.score - a.score || a.document - b.document || a.start - b.start);
}
