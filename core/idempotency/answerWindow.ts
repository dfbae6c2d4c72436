/** How long an answer is kept at least: the README's promise (the purge deletes what is older). */
export const ANSWER_WINDOW_HOURS = 24;
