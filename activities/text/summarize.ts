import { readDoc, sentencesOf, tokensOf } from '../tools/nlp/nlp';

export type SummaryFormat = 'bullets' | 'paragraph' | 'short';

export interface SummaryResult {
  summary: string;
  bullets?: string[];
  format: SummaryFormat;
  sentences_in: number;
  sentences_out: number;
  compression: number;
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

// Reports, news and notices state their point first (the inverted pyramid); later sentences weigh less the later they come.
const POSITION = [1, 0.7, 0.55] as const;
const LATER = 0.5;
// A greeting or sign-off is not a point; "Overall, …" announces one.
const BOILERPLATE = /^(?:hi|hello|hey|dear|thanks|thank you|regards|best|cheers|kind regards|many thanks)\b/i;
const CONCLUSION = /^(?:overall|in short|in summary|in conclusion|to sum up|all in all|the bottom line|in a nutshell)\b/i;

/** How much a sentence states the text's point: its TextRank centrality, its position, and cue words. */
function pointWeights(sentences: readonly string[], rank: readonly number[]): number[] {
  const top = Math.max(...rank, 1e-9);
  return sentences.map((s, i) => {
    const words = s.split(/\s+/).length;
    const cue = BOILERPLATE.test(s) || words < 5 ? 0.3 : CONCLUSION.test(s) ? 2 : 1;
    return (rank[i]! / top) * (POSITION[i] ?? LATER) * cue;
  });
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

/**
 * Extractive: picks the sentences that best state the point (TextRank centrality weighed by position and cue words,
 * see pointWeights) and keeps them in the order the author wrote them.
 */
export function summarize(text: string, format: SummaryFormat = 'bullets', maxSentences?: number): SummaryResult {
  const sentences = sentencesOf(readDoc(text))
    .map((s) => s.trim())
    .filter(Boolean);
  const wanted = format === 'short' ? 1 : (maxSentences ?? Math.min(7, Math.max(1, Math.round(sentences.length * 0.3))));
  const weight = pointWeights(sentences, rankSentences(sentences));
  // Ties go to the earlier sentence: openings tend to state the point.
  const chosen = sentences
    .map((s, i) => ({ s, i, r: weight[i]! }))
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
    method: 'textrank-lead',
  };
}
