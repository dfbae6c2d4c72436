/**
 * How likely classify's answer is right, learned from labelled cases rather than written by hand: a logistic model
 * over what classify knows about the answer it gives. A hand-made formula (the lead, damped when the best is faint,
 * capped when a part speaks for another) read 0-3% confidently wrong on the cases it was tuned on and ~10% on each
 * new group; a fitted probability says "0.8" where such answers on the labelled cases were right about 8 times in 10
 * (a group left out of the fit read between 0.18 low, the development set, and 0.14 high, the fifth group, on
 * average: test/eval/notes.md).
 */

/** How a category was read: by the caller's description (with or without a gloss), by our gloss alone, or bare. */
export type CategoryReading = 'described' | 'glossed' | 'bare';

/** What classify knows about the category it names (on the meaning scale: cosine plus the words' share). */
export interface AnswerEvidence {
  /** The chosen category's evidence. */
  readonly best: number;
  /** Its lead over the runner-up. */
  readonly lead: number;
  /** Its lead over the mean of the other categories: how far it stands out from the whole set, not only the next. */
  readonly spread: number;
  readonly reading: CategoryReading;
  /** How many categories the caller gave. */
  readonly categories: number;
  /** The nearest common topic apart from the set, minus best: above 0 the text is nearer something else. */
  readonly outside: number;
  /** A part of the text (a clause) speaks clearly for another category. */
  readonly split: boolean;
}

/** The features in the model's order; `outside` clipped, since a set that covers every common topic reads -1. */
export const FEATURE_NAMES = ['best', 'lead', 'spread', 'glossed', 'bare', 'logCategories', 'outside', 'split'] as const;

export function featuresOf(e: AnswerEvidence): number[] {
  return [
    e.best,
    e.lead,
    e.spread,
    e.reading === 'glossed' ? 1 : 0,
    e.reading === 'bare' ? 1 : 0,
    Math.log(Math.max(2, e.categories)),
    Math.min(0.3, Math.max(-0.3, e.outside)),
    e.split ? 1 : 0,
  ];
}

/**
 * The sign each weight is held to in the fit (1: at least 0, -1: at most 0, 0: free), so that the probability never
 * falls as the evidence or the lead grows, never rises as the text sits nearer something else or splits, and a bare
 * name (a vague point) is never surer than a described category at the same scores. A weight the data push past its
 * bound is held at 0.
 */
export const FEATURE_SIGNS: Readonly<Record<(typeof FEATURE_NAMES)[number], -1 | 0 | 1>> = {
  best: 1,
  lead: 1,
  spread: 1,
  glossed: 0,
  bare: -1,
  logCategories: -1,
  outside: -1,
  split: -1,
};

export interface ConfidenceModel {
  readonly intercept: number;
  readonly weights: readonly number[];
}

// Fitted by `npm run eval -- --fit-classify-confidence` (test/eval/classifyConfidenceFit.ts: logistic regression, L2
// penalty 3 on standardised features chosen by leave-one-group-out log loss, each group weighing alike, the signs above)
// on every classify case answered with a category by meaning: the development set and the held-out rounds 1-3, 4, 5
// and 6 (145 answers of 170 cases). Fitted without the sixth group the weights were close (lead 7.09, spread 6.54,
// glossed 0.90, bare -0.97, outside -0.22, the rest 0). The evidence's level, the number of categories and a split part
// came out at 0: beside the leads they told nothing on these cases. To refit after the cases or the method change, run
// it and paste what it prints.
export const CLASSIFY_CONFIDENCE: ConfidenceModel = {
  intercept: -1.048,
  // best, lead, spread, glossed, bare, logCategories, outside, split
  weights: [0, 6.851, 6.916, 0.954, -0.934, 0, -0.586, 0],
};

/** The probability that the answer is right, in [0, 1]. */
export function answerConfidence(e: AnswerEvidence, model: ConfidenceModel = CLASSIFY_CONFIDENCE): number {
  const x = featuresOf(e);
  const z = model.weights.reduce((s, w, i) => s + w * x[i]!, model.intercept);
  return 1 / (1 + Math.exp(-z));
}

/** Whether the shipped model gives a feature any weight (one it weighs at 0 need not be read). */
export function weighs(feature: (typeof FEATURE_NAMES)[number], model: ConfidenceModel = CLASSIFY_CONFIDENCE): boolean {
  return model.weights[FEATURE_NAMES.indexOf(feature)] !== 0;
}
