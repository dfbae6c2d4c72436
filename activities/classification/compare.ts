import { contentLemmas } from '../tools/nlp/contentLemmas';
import { sentenceSpans } from '../tools/nlp/sentenceSpans';
import { conceptsOf } from '../tools/nlp/textConcepts';
import { idfOf, tfidfVector, type TermVector } from '../tools/nlp/tfidf';
import { variantsOf } from '../tools/nlp/termVariants';
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
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

// Sentences at or above this similarity are about the same thing; a side's words the other lacks, at this share of
// its sentence's weight, are a difference even so ("a bright screen" beside "a great camera too").
const SAME_POINT = 0.2;
const DISTINCT = 0.3;
// Above this the sentences are one sentence in two versions: any word changed ("30 days" → "60 days") is a difference.
const VERSIONS = 0.6;
// A WordNet variant ("damaged" for "damage", "hit" for "strike") is half a shared word.
const VARIANT = 0.5;
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

const weightOf = (v: TermVector) => Object.values(v).reduce((x, y) => x + y, 0);

/** Cosine where a WordNet variant of a word counts as half the word: paraphrases share meaning, not always lemmas. */
function softCosine(a: TermVector, b: TermVector): number {
  const norm = (v: TermVector) => Math.sqrt(Object.values(v).reduce((s, x) => s + x * x, 0));
  const d = norm(a) * norm(b);
  if (d === 0) return 0;
  let dot = 0;
  for (const [t, x] of Object.entries(a)) {
    if (b[t] !== undefined) dot += x * b[t]!;
    else {
      const variants = variantsOf(t);
      const partner = Object.keys(b).find((u) => variants.has(u) || variantsOf(u).has(t));
      if (partner) dot += VARIANT * x * b[partner]!;
    }
  }
  return Math.min(1, dot / d);
}

/** The share of a sentence's weight in words its counterpart does not have (nor a variant of). */
function distinctShare(own: TermVector, other: TermVector): number {
  const total = weightOf(own);
  if (!total) return 0;
  const missing = Object.entries(own).filter(([t]) => other[t] === undefined && !Object.keys(other).some((u) => variantsOf(t).has(u)));
  return missing.reduce((s, [, w]) => s + w, 0) / total;
}

/**
 * Sentence alignment over TF-IDF vectors (idf over both texts' sentences) with WordNet variants as half matches:
 * each sentence's best counterpart on the other side. A pair about the same thing is a similarity; what either
 * sentence of it says that the other does not is a difference, and so is a sentence with no counterpart. The score
 * is the weighted mean of every sentence's best match, so a reworded text scores high and one on another subject low.
 */
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

  const pairs = a.vectors.flatMap((va, i) => b.vectors.map((vb, j) => ({ i, j, similarity: softCosine(va, vb) })));
  const bestOf = (s: Side, key: 'i' | 'j') => s.vectors.map((_, k) => pairs.filter((p) => p[key] === k).sort((x, y) => y.similarity - x.similarity)[0]);
  const bestA = bestOf(a, 'i');
  const bestB = bestOf(b, 'j');
  const weights = [...a.vectors, ...b.vectors].map(weightOf);
  const matched = [...bestA, ...bestB].map((p) => p?.similarity ?? 0);
  const totalWeight = weights.reduce((x, y) => x + y, 0);
  const aligned_score = totalWeight ? matched.reduce((s, m, k) => s + m * weights[k]!, 0) / totalWeight : 0;
  // A text reworded across sentence boundaries matches as a whole better than sentence by sentence.
  const score = (aligned_score + softCosine(a.whole, b.whole)) / 2;

  // A pair is aligned when each sentence is the other's best match, or one's best match clears the bar by itself.
  const aligned = pairs.filter((p) => p.similarity >= SAME_POINT && (bestA[p.i] === p || bestB[p.j] === p));
  const similarities = [...aligned]
    .sort((x, y) => y.similarity - x.similarity)
    .slice(0, 5)
    .map((p) => ({ text_a: a.sentences[p.i]!, text_b: b.sentences[p.j]!, similarity: round(p.similarity) }));
  const differenceOf = (s: Side, other: Side, best: typeof bestA, source: 'text_a' | 'text_b') =>
    s.sentences.flatMap((text, k) => {
      const weight = weightOf(s.vectors[k]!);
      if (!weight) return [];
      const match = best[k];
      const counterpart = match && match.similarity >= SAME_POINT ? other.vectors[source === 'text_a' ? match.j : match.i]! : undefined;
      const distinct = counterpart ? distinctShare(s.vectors[k]!, counterpart) : 1;
      const changed = distinct > 0 && (match?.similarity ?? 0) >= VERSIONS;
      return distinct >= DISTINCT || changed ? [{ source, text, weight: weight * distinct }] : [];
    });
  const differences = [...differenceOf(a, b, bestA, 'text_a'), ...differenceOf(b, a, bestB, 'text_b')]
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 10)
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
    method: 'tfidf-alignment',
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
