import { matchCategories, toCategory } from './categoryMatch';
import { extractKeywords } from '../text/keywords';
import type { classificationTools } from '../../schema/classification/classificationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /tag, derived from its registry entry (schema/classification/classificationTools.ts). */
export type TagInput = ToolArguments<typeof classificationTools, 'tag'>;

export interface TagResult {
  tags: { tag: string; confidence: number; evidence: string[] }[];
  mode: 'taxonomy' | 'free-form';
}

// Evidence strength at which a tag is as likely as not: one clear name match with a repeat clears it.
const HALF_CONFIDENCE = 1.5;
const MIN_CONFIDENCE = 0.25;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Multi-label: each taxonomy tag is judged on its own evidence (1 - 2^(-strength/half)), so several can apply;
 * free-form tags come from RAKE key phrases.
 */
export function tag(input: TagInput): TagResult {
  const max = input.max_tags ?? 10;
  if (input.taxonomy?.length) {
    const tags = matchCategories(input.text, input.taxonomy.map(toCategory))
      .map((m) => ({ tag: m.name, confidence: round(1 - 2 ** (-m.strength / HALF_CONFIDENCE)), evidence: m.evidence }))
      .filter((t) => t.confidence >= MIN_CONFIDENCE)
      .sort((a, b) => b.confidence - a.confidence)
      .slice(0, max);
    return { tags, mode: 'taxonomy' };
  }
  const { keywords } = extractKeywords(input.text, max);
  const tags = keywords.map((k) => ({ tag: slug(k.keyword), confidence: k.score, evidence: [k.keyword] })).filter((t) => t.tag);
  return { tags: dedupe(tags), mode: 'free-form' };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

function dedupe<T extends { tag: string }>(tags: T[]): T[] {
  const seen = new Set<string>();
  return tags.filter((t) => !seen.has(t.tag) && seen.add(t.tag));
}
