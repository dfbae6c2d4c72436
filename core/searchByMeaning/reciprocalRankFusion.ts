/** RRF's constant (Cormack, Clarke & Büttcher 2009): 60 keeps one list's top rank from drowning the other's. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of ranked lists of ids (best first): each id scores Σ 1/(k + rank) over the lists that hold
 * it, scaled so an id first in every list scores 1. Ranks, not raw scores, are fused: a ts_rank and a cosine are not
 * on one scale. Ids in the same order, best first, ties kept in the order they were first seen.
 */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], k = RRF_K): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  const best = lists.length / (k + 1);
  return [...scores].map(([id, score]) => ({ id, score: best ? score / best : 0 })).sort((a, b) => b.score - a.score);
}
