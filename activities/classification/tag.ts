import { type CategoryMatch, evidenceOf, matchCategoriesWith, toCategory } from './categoryMatch';
import type { TextSimilarity } from '../tools/nlp/textSimilarity';
import { extractKeywords } from '../text/keywords';
import type { classificationTools } from '../../schema/classification/classificationTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /tag, derived from its registry entry (schema/classification/classificationTools.ts). */
export type TagInput = ToolArguments<typeof classificationTools, 'tag'>;

export interface TagResult {
  tags: { tag: string; confidence: number; evidence: string[] }[];
  mode: 'taxonomy' | 'free-form';
  /** The method that answered (`_meta.model`: local/<method>), not part of the output. */
  method: string;
}

// Evidence at which a tag is as likely as not on its own.
const HALF = 2;
// A tag needs this much evidence of its own, and this share of the best tag's: a text is not about everything it grazes.
const MIN_EVIDENCE = 0.5;
const OF_BEST = 0.35;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Multi-label: each taxonomy tag is judged on its own evidence (1 - 2^(-strength/half)), so several can apply, but
 * only those with real evidence and a fair share of the strongest tag's; free-form tags are the text's RAKE key phrases.
 */
export async function tag(input: TagInput, options: { similarity?: TextSimilarity } = {}): Promise<TagResult> {
  const max = input.max_tags ?? 10;
  if (input.taxonomy?.length) {
    const { matches, hybrid } = await matchCategoriesWith(input.text, input.taxonomy.map(toCategory), options.similarity);
    const tags = (hybrid ? tagsByMeaning(matches) : tagsByWords(matches)).sort((a, b) => b.confidence - a.confidence).slice(0, max);
    return { tags, mode: 'taxonomy', method: hybrid ? 'hybrid-wordnet-tfidf' : 'wordnet-tfidf' };
  }
  const { keywords } = extractKeywords(input.text, max);
  // A key phrase is about the text; how surely grows with its rank, never to certainty (it may be a passing detail).
  const tags = keywords.map((k) => ({ tag: slug(k.keyword), confidence: round(0.4 + 0.4 * k.score), evidence: [k.keyword] })).filter((t) => t.tag);
  return { tags: dedupe(tags), mode: 'free-form', method: 'rake' };
}

type Tagged = TagResult['tags'][number];

function tagsByWords(matches: CategoryMatch[]): Tagged[] {
  const strongest = Math.max(0, ...matches.map((m) => m.strength));
  return matches
    .filter((m) => m.strength >= MIN_EVIDENCE && m.strength >= OF_BEST * strongest)
    .map((m) => ({ tag: m.name, confidence: round(1 - 2 ** (-m.strength / HALF)), evidence: m.evidence }));
}

// Meaning scale (cosine plus the words' share, evidenceOf): a tag needs this much on its own and to sit within WITHIN
// of the best tag's; its confidence grows from nothing at the floor to one half HALF_MEANING above it. Chosen on the
// evaluation set's development cases (0.1-0.2 and 0.05-0.15 were tried; docs/eval.md): a half of 0.05 made 6% of the
// tags confidently wrong, 0.1 about 1%.
const MIN_MEANING = 0.15;
const WITHIN = 0.1;
const HALF_MEANING = 0.1;

function tagsByMeaning(matches: CategoryMatch[]): Tagged[] {
  const scored = matches.map((m) => ({ m, e: evidenceOf(m) }));
  const best = Math.max(-1, ...scored.map((s) => s.e));
  return scored
    .filter((s) => s.e >= MIN_MEANING && s.e >= best - WITHIN)
    .map((s) => ({ tag: s.m.name, confidence: round(1 - 2 ** (-(s.e - MIN_MEANING) / HALF_MEANING)), evidence: s.m.evidence }));
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
