import type { Embedder } from '../../activities/embeddings';

/**
 * What one tool's evaluation is: labelled cases (a development part the methods are tuned on, a held-out part
 * looked at only to report), how a case becomes the tool's input, and how its answer is judged.
 */

/** Confidence at or above which an answer counts as sure (the line for "confidently wrong"). */
export const SURE = 0.7;

/** One claim an answer makes: right or wrong, how sure it said it was, or that it declined to claim anything. */
export interface Judgment {
  readonly correct: boolean;
  /** The confidence the tool gave, in its answer or in there being none; null for a tool whose answers carry none. */
  readonly confidence: number | null;
  /** The tool said there was no answer (null answer, supported: false, no category): a claim too, right or wrong. */
  readonly abstained: boolean;
}

export interface CaseOutcome {
  readonly correct: boolean;
  /** Usually one; a tag case judges each tag, a proofread case each change it made. */
  readonly judgments: readonly Judgment[];
  /** What went wrong, for --failures. */
  readonly detail?: string;
  /** Counts a tool reports beyond accuracy (proofread: seeded errors, fixed, changes, wrong changes). */
  readonly counts?: Readonly<Record<string, number>>;
}

export interface LabelledCase {
  /** Stable and unique within the tool's set: "review-cold-food". */
  readonly id: string;
}

export type SetName = 'dev' | 'heldOut';

/** A suite's own way to run a case (a search over a store it seeded), made once per run and closed after it. */
export interface CaseRunner<C extends LabelledCase = LabelledCase> {
  run(c: C): Promise<{ readonly output: Record<string, unknown>; readonly method: string }>;
  close(): Promise<void>;
}

export interface Suite<C extends LabelledCase = LabelledCase> {
  /** The registry tool it runs, through the same offline function the activity calls (or its own runner). */
  readonly tool: string;
  /** For tools that are not an offline method (searches): sets up what the cases run against; the embedder when not --lexical. */
  runner?(aids: { readonly embedder?: Embedder }): Promise<CaseRunner<C>>;
  readonly cases: Readonly<Record<SetName, readonly C[]>>;
  input(c: C): Record<string, unknown>;
  judge(c: C, output: Record<string, unknown>): CaseOutcome;
  /** Extra figures from the cases' counts (proofread's fix rate). */
  summarize?(counts: Readonly<Record<string, number>>): Readonly<Record<string, number>>;
}

/** A suite with its case type forgotten, for the runner's list. */
export type AnySuite = Suite<LabelledCase>;

export const suite = <C extends LabelledCase>(s: Suite<C>): AnySuite => s as unknown as AnySuite;

export interface ToolFigures {
  readonly cases: number;
  /** Share of cases answered right. */
  readonly accuracy: number;
  readonly judgments: number;
  /** Share of the judgments that carry a confidence which were wrong with confidence ≥ SURE (null: the tool gives none). */
  readonly confidentlyWrong: number | null;
  /** How many judgments carried a confidence. */
  readonly rated: number;
  /** Share right among judgments with confidence ≥ SURE (null when there were none). */
  readonly calibration: number | null;
  readonly sure: number;
  /** Share of judgments where the tool declined to answer. */
  readonly abstention: number;
  /** The methods that answered (`_meta.model`), with how many cases each. */
  readonly methods: Readonly<Record<string, number>>;
  readonly extra: Readonly<Record<string, number>>;
}

const ratio = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : 0);

export function figuresOf(outcomes: readonly CaseOutcome[], methods: readonly string[], summarize?: AnySuite['summarize']): ToolFigures {
  const judgments = outcomes.flatMap((o) => o.judgments);
  // "The documents do not answer this" said with confidence 0.9 is as much a claim as an answer (the issue's /rag).
  const rated = judgments.filter((j) => j.confidence !== null);
  const sure = rated.filter((j) => j.confidence! >= SURE);
  const counts: Record<string, number> = {};
  for (const o of outcomes) for (const [k, v] of Object.entries(o.counts ?? {})) counts[k] = (counts[k] ?? 0) + v;
  const byMethod: Record<string, number> = {};
  for (const m of methods) byMethod[m] = (byMethod[m] ?? 0) + 1;
  return {
    cases: outcomes.length,
    accuracy: ratio(outcomes.filter((o) => o.correct).length, outcomes.length),
    judgments: judgments.length,
    confidentlyWrong: rated.length ? ratio(sure.filter((j) => !j.correct).length, rated.length) : null,
    rated: rated.length,
    calibration: sure.length ? ratio(sure.filter((j) => j.correct).length, sure.length) : null,
    sure: sure.length,
    abstention: ratio(judgments.filter((j) => j.abstained).length, judgments.length),
    methods: byMethod,
    extra: summarize ? summarize(counts) : {},
  };
}

/** Confidently wrong over every rated judgment of every tool: the "≤ 3% overall". */
export function overallConfidentlyWrong(all: readonly ToolFigures[]): number {
  const rated = all.reduce((s, f) => s + f.rated, 0);
  const wrong = all.reduce((s, f) => s + (f.confidentlyWrong ?? 0) * f.rated, 0);
  return ratio(Math.round(wrong), rated);
}
