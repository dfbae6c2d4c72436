import {
  answerConfidence,
  CLASSIFY_CONFIDENCE,
  type ConfidenceModel,
  FEATURE_NAMES,
  FEATURE_SIGNS,
  featuresOf,
  type AnswerEvidence,
} from '../../activities/classification/classifyConfidence';
import { classifyWithEvidence, type ClassifyInput } from '../../activities/classification/classify';
import type { TextSimilarity } from '../../activities/tools/nlp/textSimilarity';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { byName } from '../../schema/registry';
import { classifyCases } from './cases/classify';
import { classifyHeldOutRounds } from './heldout/classify';
import { fitLogistic } from './logisticFit';
import { SURE } from './suite';
import type { ClassifyCase } from './suites/classify';

/** One labelled case as classify answered it: its evidence when it named a category by meaning. */
interface Answered {
  readonly group: string;
  readonly correct: boolean;
  /** None of the categories fits: an abstention would be right. */
  readonly fitsNone: boolean;
  readonly evidence?: AnswerEvidence;
  /** The confidence it gave for no category (not the model's: a null answer keeps its own, at most 0.5). */
  readonly nullConfidence: number;
}

// The groups in the order they were written; the last is the newest blind group, never fitted on when it is reported.
const GROUPS: Readonly<Record<string, readonly ClassifyCase[]>> = { dev: classifyCases, ...classifyHeldOutRounds };
// Penalties tried, the one with the best leave-one-group-out log loss over the older groups kept.
const PENALTIES = [0.1, 0.3, 1, 3, 10];

async function answer(c: ClassifyCase, group: string, similarity: TextSimilarity): Promise<Answered> {
  const entry = byName.get('classify')!;
  const checked = checkToolInput(entry, { text: c.text, categories: c.categories });
  if (!checked.ok) throw new Error(`classify/${c.id}: input refused`);
  const { result, evidence } = await classifyWithEvidence(checked.value as ClassifyInput, { similarity, everyFeature: true });
  return {
    group,
    correct: result.category === c.expected,
    fitsNone: c.expected === null,
    ...(evidence ? { evidence } : {}),
    nullConfidence: result.confidence,
  };
}

const fit = (answered: readonly Answered[], l2: number) => {
  const rows = answered.filter((a) => a.evidence);
  return fitLogistic(
    rows.map((a) => featuresOf(a.evidence!)),
    rows.map((a) => (a.correct ? 1 : 0)),
    FEATURE_NAMES.map((n) => FEATURE_SIGNS[n]),
    l2,
    // Each group weighs alike: the development set, on which the methods were tuned, does not outvote the blind groups.
    rows.map((a) => rows.length / groupCount(rows) / rows.filter((b) => b.group === a.group).length),
  );
};
const groupCount = (rows: readonly Answered[]) => new Set(rows.map((a) => a.group)).size;

const confidenceOf = (a: Answered, model: ConfidenceModel) => (a.evidence ? answerConfidence(a.evidence, model) : a.nullConfidence);

/** Right among sure answers and confidently wrong, as npm run eval counts them. */
function figures(answered: readonly Answered[], model: ConfidenceModel): string {
  const sure = answered.filter((a) => confidenceOf(a, model) >= SURE);
  const right = sure.filter((a) => a.correct).length;
  const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');
  // Calibration at a glance: the mean confidence given to the categories named, beside the share of them that were right.
  const named = answered.filter((a) => a.evidence);
  const said = named.reduce((s, a) => s + confidenceOf(a, model), 0) / Math.max(1, named.length);
  return `${pct(sure.length - right, answered.length)} confidently wrong; ${pct(right, sure.length)} right among sure (${sure.length}); mean confidence ${said.toFixed(2)} for ${pct(named.filter((a) => a.correct).length, named.length)} right`;
}

function logLoss(answered: readonly Answered[], model: ConfidenceModel): number {
  const rows = answered.filter((a) => a.evidence);
  const p = (a: Answered) => Math.min(1 - 1e-6, Math.max(1e-6, answerConfidence(a.evidence!, model)));
  return rows.reduce((s, a) => s - Math.log(a.correct ? p(a) : 1 - p(a)), 0);
}

const constants = (model: ConfidenceModel) =>
  `{\n  intercept: ${model.intercept.toFixed(3)},\n  // ${FEATURE_NAMES.join(', ')}\n  weights: [${model.weights.map((w) => w.toFixed(3)).join(', ')}],\n}`;

/** Prints leave-one-group-out figures, the newest group scored by a fit without it, and the constants to ship. */
export async function fitClassifyConfidence(similarity: TextSimilarity): Promise<void> {
  const answered: Answered[] = [];
  for (const [group, cases] of Object.entries(GROUPS)) for (const c of cases) answered.push(await answer(c, group, similarity));
  const groups = Object.keys(GROUPS);
  const newest = groups[groups.length - 1]!;
  const older = answered.filter((a) => a.group !== newest);
  const olderGroups = groups.slice(0, -1);
  const of = (group: string) => answered.filter((a) => a.group === group);
  const without = (group: string) => older.filter((a) => a.group !== group);

  const losses = PENALTIES.map((l2) => olderGroups.reduce((s, g) => s + logLoss(of(g), fit(without(g), l2)), 0));
  const l2 = PENALTIES[losses.indexOf(Math.min(...losses))]!;
  console.log(`penalty (L2): ${PENALTIES.map((p, i) => `${p} → log loss ${losses[i]!.toFixed(2)}`).join(', ')}; kept ${l2}`);

  console.log(`\n${'group'.padEnd(12)}${'cases'.padStart(6)}${'answered'.padStart(9)}  shipped constants | fitted without the group`);
  for (const g of olderGroups) {
    const rows = of(g);
    console.log(
      `${g.padEnd(12)}${String(rows.length).padStart(6)}${String(rows.filter((a) => a.evidence).length).padStart(9)}  ${figures(rows, CLASSIFY_CONFIDENCE)} | ${figures(rows, fit(without(g), l2))}`,
    );
  }
  const withoutNewest = fit(older, l2);
  console.log(
    `${newest.padEnd(12)}${String(of(newest).length).padStart(6)}${String(of(newest).filter((a) => a.evidence).length).padStart(9)}  ${figures(of(newest), CLASSIFY_CONFIDENCE)} | ${figures(of(newest), withoutNewest)} (fitted on the older groups)`,
  );

  // Would abstaining below a fitted probability be a better answer? Accuracy with each cut, every older group scored
  // by the fit without it (a case's right answer to an abstention is no category).
  for (const cut of [0, 0.2, 0.3, 0.4, 0.5]) {
    const right = olderGroups.reduce((s, g) => {
      const model = fit(without(g), l2);
      return s + of(g).filter((a) => (a.evidence && answerConfidence(a.evidence, model) < cut ? a.fitsNone : a.correct)).length;
    }, 0);
    console.log(`abstain below ${cut}: ${right} of ${older.length} right (older groups, left out one at a time)`);
  }

  console.log(`\nfitted on the older groups (${olderGroups.join(', ')}):\n${constants(withoutNewest)}`);
  console.log(`fitted on every group (the shipped constants):\n${constants(fit(answered, l2))}`);
}
