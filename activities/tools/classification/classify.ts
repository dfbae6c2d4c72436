import { matchCategoriesWith, toCategory } from './categoryMatch';
import type { TextSimilarity } from '../nlp/textSimilarity';
import type { classificationTools } from '../../../schema/registry/families/classification';
import type { ToolArguments } from '../../../schema/registry/toolInput';

export type CategorySpec = ClassifyInput['categories'][number];

/** The input of /classify, derived from its registry entry (schema/registry/families/classification.ts). */
export type ClassifyInput = ToolArguments<typeof classificationTools, 'classify'>;

export interface ClassifyResult {
  /** The best category, or null when nothing in the text speaks for any of them. */
  category: string | null;
  /** That the category is right: its evidence and its margin over the next; with no category, how little there was. */
  confidence: number;
  scores: { category: string; score: number; evidence: string[] }[];
  labels: string[];
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

// Pseudo-evidence every category starts with, so one weak match is not a large share (additive smoothing).
const PRIOR = 0.3;
// Below this, the only links are distant WordNet relatives ("lovely" → "work"): too little to name a category.
const MIN_EVIDENCE = 0.3;
// Evidence at which a category is as likely as not on its own, before its margin over the next is weighed.
const HALF = 1.2;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * WordNet-expanded TF-IDF matching (categoryMatch) ranks the categories; the scores are each one's share of the
 * evidence. The confidence asks two things of the best: enough evidence of its own (1 − 2^(−strength)), and a margin
 * over the runner-up (a near tie is a coin toss whatever the evidence). No category when the evidence is too thin.
 */
export async function classify(input: ClassifyInput, options: { similarity?: TextSimilarity } = {}): Promise<ClassifyResult> {
  const { matches: unsorted, hybrid } = await matchCategoriesWith(input.text, input.categories.map(toCategory), options.similarity);
  const matches = [...unsorted].sort((a, b) => b.strength - a.strength);
  const total = matches.reduce((s, m) => s + m.strength + PRIOR, 0);
  const scores = matches.map((m) => ({ category: m.name, score: round((m.strength + PRIOR) / total), evidence: m.evidence }));
  const [best, second] = matches;
  const method = hybrid ? 'hybrid-wordnet-tfidf' : 'wordnet-tfidf';
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
