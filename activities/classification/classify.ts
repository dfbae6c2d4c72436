import { matchCategories, toCategory } from './categoryMatch';
import type { classificationTools } from '../../schema/classification/classificationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

export type CategorySpec = ClassifyInput['categories'][number];

/** The input of /classify, derived from its registry entry (schema/classification/classificationTools.ts). */
export type ClassifyInput = ToolArguments<typeof classificationTools, 'classify'>;

export interface ClassifyResult {
  /** The best category, or null when nothing in the text speaks for any of them. */
  category: string | null;
  confidence: number;
  scores: { category: string; score: number; evidence: string[] }[];
  labels: string[];
}

// Pseudo-evidence every category starts with, so one weak match is not certainty (additive smoothing).
const PRIOR = 0.3;
// Below this, the only link is a distant WordNet relative ("lovely" → "work"): too little to name a category.
const MIN_EVIDENCE = 0.2;
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Per-category confidence as each category's share of the TF-IDF evidence, WordNet-expanded (see categoryProfile). */
export function classify(input: ClassifyInput): ClassifyResult {
  const matches = matchCategories(input.text, input.categories.map(toCategory));
  const total = matches.reduce((s, m) => s + m.strength + PRIOR, 0);
  const scores = matches.map((m) => ({ category: m.name, score: round((m.strength + PRIOR) / total), evidence: m.evidence })).sort((a, b) => b.score - a.score);
  const best = scores[0];
  const anyEvidence = matches.some((m) => m.strength >= MIN_EVIDENCE);
  const threshold = input.threshold ?? Math.max(0.2, 1.5 / scores.length);
  const labels = input.multi_label
    ? scores.filter((s) => anyEvidence && s.evidence.length && s.score >= threshold).map((s) => s.category)
    : anyEvidence && best
      ? [best.category]
      : [];
  return { category: anyEvidence && best ? best.category : null, confidence: best ? best.score : 0, scores, labels };
}
