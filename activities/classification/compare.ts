import { contentLemmas } from '../tools/nlp/contentLemmas';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';
import { conceptsOf } from '../tools/nlp/textConcepts';
import { cosine, idfOf, tfidfVector, type TermVector } from '../tools/nlp/tfidf';
import type { classificationTools } from '../../schema/classification/classificationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /compare, derived from its registry entry (schema/classification/classificationTools.ts). */
export type CompareInput = ToolArguments<typeof classificationTools, 'compare'>;

export interface CompareResult {
  similarity_score: number;
  similarities: { text_a: string; text_b: string; similarity: number }[];
  differences: { source: 'text_a' | 'text_b'; text: string }[];
  shared_terms: string[];
  unique_terms: { text_a: string[]; text_b: string[] };
  criteria_coverage?: { criterion: string; text_a: number; text_b: number }[];
  recommendation: string;
}

// Sentence pairs at or above this cosine make the same point; below NO_MATCH a sentence has no counterpart.
const SAME_POINT = 0.3;
const NO_MATCH = 0.12;
const round = (n: number) => Math.round(n * 1000) / 1000;

interface Side {
  sentences: string[];
  vectors: TermVector[];
  whole: TermVector;
}

const topTerms = (vector: TermVector, keep: (t: string) => boolean, n = 8) =>
  Object.entries(vector)
    .filter(([t]) => keep(t))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([t]) => t);

/** TF-IDF cosine (idf over both texts' sentences) for the score; sentence alignment for shared and different points. */
export function compare(input: CompareInput): CompareResult {
  const sentencesA = sentenceSpans(input.text_a).map((s) => s.text);
  const sentencesB = sentenceSpans(input.text_b).map((s) => s.text);
  const termsA = sentencesA.map(contentLemmas);
  const termsB = sentencesB.map(contentLemmas);
  const idf = idfOf([...termsA, ...termsB]);
  const side = (sentences: string[], terms: string[][]): Side => ({
    sentences,
    vectors: terms.map((t) => tfidfVector(t, idf)),
    whole: tfidfVector(terms.flat(), idf),
  });
  const a = side(sentencesA, termsA);
  const b = side(sentencesB, termsB);
  const score = cosine(a.whole, b.whole);

  const pairs = a.vectors.flatMap((va, i) => b.vectors.map((vb, j) => ({ i, j, similarity: cosine(va, vb) })));
  const similarities = pairs
    .filter((p) => p.similarity >= SAME_POINT)
    .sort((x, y) => y.similarity - x.similarity)
    .slice(0, 5)
    .map((p) => ({ text_a: a.sentences[p.i]!, text_b: b.sentences[p.j]!, similarity: round(p.similarity) }));
  const bestA = a.vectors.map((_, i) => Math.max(0, ...pairs.filter((p) => p.i === i).map((p) => p.similarity)));
  const bestB = b.vectors.map((_, j) => Math.max(0, ...pairs.filter((p) => p.j === j).map((p) => p.similarity)));
  const unmatched = (s: Side, best: number[], source: 'text_a' | 'text_b') =>
    s.sentences
      .map((text, i) => ({ source, text, best: best[i]!, weight: Object.values(s.vectors[i]!).reduce((x, y) => x + y, 0) }))
      .filter((d) => d.best < NO_MATCH && d.weight > 0);
  const differences = [...unmatched(a, bestA, 'text_a'), ...unmatched(b, bestB, 'text_b')]
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 8)
    .map(({ source, text }) => ({ source, text }));

  const inB = (t: string) => t in b.whole;
  const inA = (t: string) => t in a.whole;
  const shared_terms = topTerms(
    Object.fromEntries(
      Object.entries(a.whole)
        .filter(([t]) => inB(t))
        .map(([t, w]) => [t, w + b.whole[t]!]),
    ),
    () => true,
  );
  const unique_terms = { text_a: topTerms(a.whole, (t) => !inB(t)), text_b: topTerms(b.whole, (t) => !inA(t)) };

  const criteria = (typeof input.criteria === 'string' ? input.criteria.split(/[,;\n]/) : (input.criteria ?? [])).map((c) => c.trim()).filter(Boolean);
  // A criterion is covered by its own words or by what the text's words mean ("costs" covers "price", via WordNet).
  const concepts = criteria.length ? { a: conceptsOf(Object.keys(a.whole)), b: conceptsOf(Object.keys(b.whole)) } : undefined;
  const criteria_coverage = criteria.map((criterion) => {
    const terms = contentLemmas(criterion);
    const coverage = (s: Side) => {
      const known = s === a ? concepts!.a : concepts!.b;
      return terms.length ? terms.reduce((sum, t) => sum + (known.get(t)?.weight ?? 0), 0) / terms.length : 0;
    };
    return { criterion, text_a: round(coverage(a)), text_b: round(coverage(b)) };
  });

  return {
    similarity_score: round(score),
    similarities,
    differences,
    shared_terms,
    unique_terms,
    ...(criteria_coverage.length ? { criteria_coverage } : {}),
    recommendation: recommend(score, unique_terms, criteria_coverage, a, b),
  };
}

function recommend(score: number, unique: CompareResult['unique_terms'], coverage: NonNullable<CompareResult['criteria_coverage']>, a: Side, b: Side): string {
  // Words, not bare numbers, say what a text is about.
  const focus = (terms: string[]) =>
    terms
      .filter((t) => !/^\d/.test(t))
      .slice(0, 3)
      .join(', ') || 'nothing the other lacks';
  const overlap =
    score >= 0.8
      ? `The texts are near duplicates (similarity ${round(score)}); keep one.`
      : score >= 0.4
        ? `The texts overlap substantially (similarity ${round(score)}); merging them would keep what each adds: A on ${focus(unique.text_a)}, B on ${focus(unique.text_b)}.`
        : `The texts are largely different (similarity ${round(score)}): A is about ${focus(unique.text_a)}; B about ${focus(unique.text_b)}.`;
  if (coverage.length) {
    const total = (k: 'text_a' | 'text_b') => coverage.reduce((s, c) => s + c[k], 0);
    const [ta, tb] = [total('text_a'), total('text_b')];
    if (ta !== tb) {
      const winner = ta > tb ? 'A' : 'B';
      const covered = coverage.filter((c) => (winner === 'A' ? c.text_a > c.text_b : c.text_b > c.text_a)).map((c) => c.criterion);
      return `${overlap} Text ${winner} better covers the criteria (${covered.join(', ')}).`;
    }
    return `${overlap} Both cover the criteria equally.`;
  }
  const richer = a.sentences.length === b.sentences.length ? '' : ` Text ${a.sentences.length > b.sentences.length ? 'A' : 'B'} is the more detailed.`;
  return overlap + richer;
}
