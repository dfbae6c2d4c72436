import { readDoc, sentencesOf, tokensOf } from '../tools/nlp/nlp';

export type SummaryFormat = 'bullets' | 'paragraph' | 'short';

export interface SummaryResult {
  summary: string;
  bullets?: string[];
  format: SummaryFormat;
  sentences_in: number;
  sentences_out: number;
  compression: number;
}

type Vector = Map<string, number>;

function vectorOf(sentence: string): Vector {
  const v: Vector = new Map();
  for (const t of tokensOf(readDoc(sentence))) if (t.word && !t.stop) v.set(t.lemma, (v.get(t.lemma) ?? 0) + 1);
  return v;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [k, x] of a) dot += x * (b.get(k) ?? 0);
  const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot / d;
}

/** TextRank (Mihalcea & Tarau, 2004): PageRank over the sentence-similarity graph. */
export function rankSentences(sentences: readonly string[], iterations = 40, damping = 0.85): number[] {
  const n = sentences.length;
  const vectors = sentences.map(vectorOf);
  const weights = vectors.map((a, i) => vectors.map((b, j) => (i === j ? 0 : cosine(a, b))));
  const outSums = weights.map((row) => row.reduce((s, w) => s + w, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let k = 0; k < iterations; k++) {
    rank = rank.map((_, i) => (1 - damping) / n + damping * weights.reduce((s, row, j) => s + (outSums[j] ? (row[i]! * rank[j]!) / outSums[j]! : 0), 0));
  }
  return rank;
}

/** Extractive: picks the best-ranked sentences and keeps them in the order the author wrote them. */
export function summarize(text: string, format: SummaryFormat = 'bullets', maxSentences?: number): SummaryResult {
  const sentences = sentencesOf(readDoc(text))
    .map((s) => s.trim())
    .filter(Boolean);
  const wanted = format === 'short' ? 1 : (maxSentences ?? Math.min(7, Math.max(1, Math.round(sentences.length * 0.3))));
  const rank = rankSentences(sentences);
  // Ties go to the earlier sentence: openings tend to state the point.
  const chosen = sentences
    .map((s, i) => ({ s, i, r: rank[i]! }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .slice(0, wanted)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
  const summary = format === 'bullets' ? chosen.map((s) => `• ${s}`).join('\n') : chosen.join(' ');
  return {
    summary,
    ...(format === 'bullets' ? { bullets: chosen } : {}),
    format,
    sentences_in: sentences.length,
    sentences_out: chosen.length,
    compression: text.length ? Math.round((summary.length / text.length) * 1000) / 1000 : 0,
  };
}
