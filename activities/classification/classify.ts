import { commonTopics, glossOf } from './categoryGlosses';
import { answerConfidence, type AnswerEvidence, type CategoryReading, weighs } from './classifyConfidence';
import { type CategoryMatch, evidenceOf, matchCategoriesWith, meaningsOf, meaningViews, toCategory } from './categoryMatch';
import type { CategoryInput } from './categoryProfile';
import { textParts } from './textParts';
import type { TextSimilarity } from '../tools/nlp/textSimilarity';
import type { classificationTools } from '../../schema/classification/classificationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

export type CategorySpec = ClassifyInput['categories'][number];

/** The input of /classify, derived from its registry entry (schema/classification/classificationTools.ts). */
export type ClassifyInput = ToolArguments<typeof classificationTools, 'classify'>;

export interface ClassifyResult {
  /** The best category, or null when nothing in the text speaks for any of them. */
  category: string | null;
  /** That the category is right (by meaning: the probability fitted on labelled cases); with no category, how little there was. */
  confidence: number;
  scores: { category: string; score: number; evidence: string[] }[];
  labels: string[];
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

// Lexical scale (WordNet TF-IDF strength). Pseudo-evidence every category starts with, so one weak match is not a
// large share (additive smoothing).
const PRIOR = 0.3;
// Below this, the only links are distant WordNet relatives ("lovely" → "work"): too little to name a category.
const MIN_EVIDENCE = 0.3;
// Evidence at which a category is as likely as not on its own, before its margin over the next is weighed.
const HALF = 1.2;

// Meaning scale (cosine, evidenceOf). Below this the text is near none of the categories: all-MiniLM-L6-v2 puts
// unrelated short texts at 0-0.1; on the evaluation set every text that fit a category had its best above it.
const MIN_MEANING = 0.1;
// The scale of a lead over the runner-up (on the development set every answer with a lead of 0.08 or more was right,
// most wrong ones led by under 0.06): how unsure a near tie or an answer elsewhere says it is that there is no category.
const MARGIN_HALF = 0.05;
// Evidence below WEAK_MEANING that leads the runner-up by less than NEAR_TIE names no category. On the development set a
// text that fit none of the categories sat at 0.1-0.15, within 0.04 of its runner-up; 0.15-0.25 and 0.04-0.05 gave the
// same accuracy (84.1% -> 86.4%; docs/eval.md).
const WEAK_MEANING = 0.2;
const NEAR_TIE = 0.04;
// How far apart two cosines must be for one category's share of the scores to be e times the other's.
const SHARE_TEMPERATURE = 0.05;
// A part of the text (a clause of four words or more) speaks for a category when it is near it in meaning (the floor
// where a text fits one, WEAK_MEANING's neighbourhood) and nearer it than to the chosen one by a real lead (MARGIN_HALF):
// one of the things the confidence model weighs (classifyConfidence).
const PART_MEANING = 0.15;
const PART_LEAD = 0.05;
// One unit of lexical strength in cosine, for classify (categoryMatch's 0.03 for tag): with the best of a category's
// views, the words at 0.03 tipped texts to the category they name rather than the one they are about (a purchase
// "with my card" someone else made); 0-0.015 gave the same development figures, 0.03 one case fewer on each set.
const LEXICAL_IN_COSINE = 0.015;
// A text whose best category is weak (under WEAK_MEANING) and which sits OUTSIDE_LEAD nearer a common topic that lies
// apart from every category of the set (categoryGlosses' commonTopics; apart: no view of the set within a cosine of
// OUTSIDE_APART of it) is about that other topic: no category. Its best among the caller's categories is then the
// chance nearness every text has to some of them ("do you have a shop I can visit" near shipping, a damaged suitcase
// near "partner airlines"). Only weak fits are questioned: a sub-topic of a category ("password reset" under technical
// support) can lie apart from the category's reading and still be the category's, and a strong fit is then right.
// Read on the development set and the older held-out cases: 0.3-0.35 and 0.1 took four texts that fit none to no
// category and lost one right answer (a late student loan, 0.16 near "fees and funding", nearer payments).
const OUTSIDE_APART = 0.3;
const OUTSIDE_LEAD = 0.1;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Ranks the categories by their evidence (categoryMatch): with the local embedding model, by meaning, the text's
 * words breaking near ties; without it, by WordNet-expanded TF-IDF alone. There is no category when the evidence is
 * too thin; by meaning, the confidence in a category is the probability fitted on the labelled cases that such an
 * answer is right (classifyConfidence).
 */
export async function classify(input: ClassifyInput, options: { similarity?: TextSimilarity } = {}): Promise<ClassifyResult> {
  return (await classifyWithEvidence(input, options)).result;
}

/**
 * classify's answer and, when it names a category by meaning, what its confidence was computed from. `everyFeature`
 * (the fit) reads the features the shipped model weighs at 0 too; an answer reads only those that count (the split
 * check embeds each clause of the text).
 */
export async function classifyWithEvidence(
  input: ClassifyInput,
  options: { similarity?: TextSimilarity; everyFeature?: boolean } = {},
): Promise<{ result: ClassifyResult; evidence?: AnswerEvidence }> {
  const categories = input.categories.map(toCategory);
  const { matches, hybrid } = await matchCategoriesWith(input.text, categories, options.similarity, true);
  if (!hybrid || !options.similarity) return { result: byWords(input, matches) };
  const { result, lead, spread } = byMeaning(input, matches);
  if (!result.category) return { result };
  const views = meaningViews(categories, true);
  const chosen = categories.findIndex((c) => c.name === result.category);
  const best = evidenceOf(matches[chosen]!, LEXICAL_IN_COSINE);
  const elsewhere = (await nearestApart(input.text, views, options.similarity)) - best;
  if (best < WEAK_MEANING && elsewhere >= OUTSIDE_LEAD) {
    return { result: { ...result, category: null, labels: [], confidence: round(0.5 * (1 - 2 ** (-elsewhere / MARGIN_HALF))) } };
  }
  const evidence: AnswerEvidence = {
    best,
    lead,
    spread,
    reading: readingOf(categories[chosen]!),
    categories: categories.length,
    outside: elsewhere,
    split: (options.everyFeature || weighs('split')) && (await speaksForAnother(input.text, views, chosen, options.similarity)),
  };
  // Never surer than the chosen category's share against the runner-up alone: two categories the text sits between
  // are a coin toss, whatever the fitted weights make of the rest (a near tie of two glossed names read ~0.75).
  const pairShare = 1 / (1 + Math.exp(-lead / SHARE_TEMPERATURE));
  return { result: { ...result, confidence: round(Math.min(answerConfidence(evidence), pairShare)) }, evidence };
}

/** How classify read a category (meaningViews with glosses): the caller's description, our gloss, or the bare name. */
function readingOf(category: CategoryInput): CategoryReading {
  return category.description ? 'described' : glossOf(category.name) ? 'glossed' : 'bare';
}

/** Whether a part of the text (a clause) speaks clearly for another category than the chosen one: a text about two. */
async function speaksForAnother(text: string, views: readonly (readonly string[])[], chosen: number, similarity: TextSimilarity): Promise<boolean> {
  for (const part of textParts(text)) {
    const cosines = await meaningsOf(part, views, similarity);
    const other = cosines.reduce((best, c, i) => (i !== chosen && c > (cosines[best] ?? -1) ? i : best), chosen === 0 ? 1 : 0);
    if (cosines[other]! >= PART_MEANING && cosines[other]! - cosines[chosen]! >= PART_LEAD) return true;
  }
  return false;
}

/** The text's cosine with the nearest common topic that lies apart from every view of the caller's categories. */
async function nearestApart(text: string, views: readonly (readonly string[])[], similarity: TextSimilarity): Promise<number> {
  const nearOwn: (readonly number[])[] = [];
  // One view after another: the first embeds the topics and the model's cache serves the rest.
  for (const view of views.flat()) nearOwn.push(await similarity(view, commonTopics));
  const apart = commonTopics.filter((_, t) => nearOwn.every((cosines) => (cosines[t] ?? 0) < OUTSIDE_APART));
  return Math.max(-1, ...(await similarity(text, apart)));
}

/** By meaning: the ranking and the shares, no category when the best is too faint or a weak near tie; the caller sets a category's confidence. */
function byMeaning(input: ClassifyInput, unsorted: CategoryMatch[]): { result: ClassifyResult; lead: number; spread: number } {
  const ranked = unsorted.map((m) => ({ match: m, evidence: evidenceOf(m, LEXICAL_IN_COSINE) })).sort((a, b) => b.evidence - a.evidence);
  const top = ranked[0]?.evidence ?? 0;
  const weights = ranked.map((r) => Math.exp((r.evidence - top) / SHARE_TEMPERATURE));
  const sum = weights.reduce((a, b) => a + b, 0);
  const scores = ranked.map((r, i) => ({ category: r.match.name, score: round(weights[i]! / sum), evidence: r.match.evidence }));
  const [best, second] = ranked;
  const method = 'hybrid-wordnet-tfidf';
  const lead = (best?.evidence ?? 0) - (second?.evidence ?? 0);
  const rest = ranked.slice(1);
  const spread = (best?.evidence ?? 0) - rest.reduce((s, r) => s + r.evidence, 0) / Math.max(1, rest.length);
  if (!best || best.evidence < MIN_MEANING) {
    // How sure there is nothing: never very, since a text may be about a category in a way the model does not place.
    const sure = 0.5 * Math.min(1, Math.max(0, 1 - (best?.evidence ?? 0) / MIN_MEANING));
    return { result: { category: null, confidence: round(sure), scores, labels: [], method }, lead, spread };
  }
  // A text that fits none of the categories sits a little nearer one of them by chance: weak and barely ahead is no fit.
  if (best.evidence < WEAK_MEANING && lead < NEAR_TIE) {
    return { result: { category: null, confidence: round(0.5 * 2 ** (-lead / MARGIN_HALF)), scores, labels: [], method }, lead, spread };
  }
  // Each category on its own, for multi-label: as likely as not 0.1 above the floor.
  const likely = (evidence: number) => 1 - 2 ** (-(evidence - MIN_MEANING) / 0.1);
  const threshold = input.threshold ?? 0.5;
  const labels = input.multi_label
    ? ranked.filter((r) => r.evidence >= MIN_MEANING && likely(r.evidence) >= threshold).map((r) => r.match.name)
    : [best.match.name];
  return { result: { category: best.match.name, confidence: 0, scores, labels: labels.length ? labels : [best.match.name], method }, lead, spread };
}

/**
 * WordNet-expanded TF-IDF alone: the scores are each category's share of the evidence; the confidence is enough
 * evidence of its own (1 − 2^(−strength)) times the margin over the runner-up.
 */
function byWords(input: ClassifyInput, unsorted: CategoryMatch[]): ClassifyResult {
  const matches = [...unsorted].sort((a, b) => b.strength - a.strength);
  const total = matches.reduce((s, m) => s + m.strength + PRIOR, 0);
  const scores = matches.map((m) => ({ category: m.name, score: round((m.strength + PRIOR) / total), evidence: m.evidence }));
  const [best, second] = matches;
  const method = 'wordnet-tfidf';
  if (!best || best.strength < MIN_EVIDENCE) {
    // How sure there is nothing: never very, since a text may say it in words WordNet does not link.
    return { category: null, confidence: round(0.5 * (1 - (best?.strength ?? 0) / MIN_EVIDENCE)), scores, labels: [], method };
  }
  const margin = (best.strength - (second?.strength ?? 0)) / best.strength;
  const confidence = (1 - 2 ** (-best.strength / HALF)) * (0.4 + 0.6 * margin);
  const threshold = input.threshold ?? 0.5;
  const labels = input.multi_label
    ? matches.filter((m) => m.strength >= MIN_EVIDENCE && 1 - 2 ** (-m.strength / HALF) >= threshold).map((m) => m.name)
    : [best.name];
  return { category: best.name, confidence: round(confidence), scores, labels: labels.length ? labels : [best.name], method };
}
