import { distance } from 'fastest-levenshtein';

/** The candidate nearest to what was asked (edit distance), or null when nothing is reasonably close. */
export function closest(asked: string, candidates: Iterable<string>, maxDistanceRatio = 0.5): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(asked.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.ceil(asked.length * maxDistanceRatio)) ? best : null;
}
