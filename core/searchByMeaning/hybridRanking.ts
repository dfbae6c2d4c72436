import { reciprocalRankFusion } from './reciprocalRankFusion';

/** A row a search considered: its full-text rank (0: its words do not match), its similarity of meaning, whether it is named exactly. */
export interface SearchCandidate {
  readonly id: string;
  readonly rank: number;
  /** Cosine similarity to the query, null while the row has no vector for its current text. */
  readonly similarity: number | null;
  readonly exact: boolean;
}

export interface RankedCandidate extends SearchCandidate {
  /** The fused score, 0–1 (1: first by words and by meaning). */
  readonly score: number;
}

/**
 * The hybrid order: rows matching the words (an exact name first, then by rank) and rows at least `threshold`
 * similar in meaning (by similarity), fused by reciprocal rank; an exact name stays first whatever the fusion says,
 * since it is what the caller named. Without meaning (`byMeaning` false) it is the words' order alone.
 */
export function hybridRanking(candidates: readonly SearchCandidate[], options: { threshold: number; byMeaning: boolean; limit: number }): RankedCandidate[] {
  const found = new Map(candidates.map((c) => [c.id, c]));
  const byWords = candidates
    .filter((c) => c.exact || c.rank > 0)
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.rank - a.rank || a.id.localeCompare(b.id))
    .map((c) => c.id);
  const byMeaning = candidates
    .filter((c) => c.similarity !== null && c.similarity >= options.threshold)
    .sort((a, b) => b.similarity! - a.similarity! || a.id.localeCompare(b.id))
    .map((c) => c.id);
  // A row whose vector is still being made (written a moment ago, or the index filling after a start) is not
  // penalised for it: on the meaning side it stands where its words put it, as if meaning agreed with them.
  byWords.forEach((id, index) => {
    if (found.get(id)!.similarity === null) byMeaning.splice(Math.min(index, byMeaning.length), 0, id);
  });
  const fused = reciprocalRankFusion(options.byMeaning ? [byWords, byMeaning] : [byWords]).map((f) => ({ ...found.get(f.id)!, score: f.score }));
  return [...fused.filter((f) => f.exact), ...fused.filter((f) => !f.exact)].slice(0, options.limit);
}
