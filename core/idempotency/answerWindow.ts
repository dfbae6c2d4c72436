/** How long an answer is kept at least: the promise of docs/callers.md, "Idempotency" (the purge deletes what is older). */
export const ANSWER_WINDOW_HOURS = 24;
