import type { CaseOutcome } from './suite';

/** One result of a search as its answer lists it: the item's id and its similarity of meaning to the query (null: none). */
export interface SearchHit {
  readonly id: string;
  readonly similarity: number | null;
}

/**
 * A search case judged: right when one of the expected items is in the top 3. A query nothing fits (`expected` empty)
 * is right when the search says so: no result at all, or none near the query in meaning by the search's own
 * threshold (what is left matched a word by chance, and its similarity shows it).
 */
export function judgeTopThree(expected: readonly string[], hits: readonly SearchHit[], threshold: number): CaseOutcome {
  const top = hits.slice(0, 3);
  const correct = expected.length ? top.some((h) => expected.includes(h.id)) : top.every((h) => h.similarity !== null && h.similarity < threshold);
  const shown = top.map((h) => `${h.id}${h.similarity === null ? '' : ` ${h.similarity.toFixed(2)}`}`);
  return {
    correct,
    judgments: [{ correct, confidence: null, abstained: hits.length === 0 }],
    ...(correct ? {} : { detail: `top 3 ${JSON.stringify(shown)}, expected ${expected.length ? `one of ${JSON.stringify(expected)}` : 'nothing near'}` }),
  };
}
