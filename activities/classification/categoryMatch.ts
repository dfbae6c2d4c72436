import { contentLemmas, countsOf } from '../tools/nlp/contentLemmas';
import { glossOf } from './categoryGlosses';
import { profileOf, type CategoryInput } from './categoryProfile';
import { conceptsOf } from '../tools/nlp/textConcepts';
import type { TextSimilarity } from '../tools/nlp/textSimilarity';

/**
 * The lexical matches, each with its meaning-level similarity when a similarity is given (the local embedding model:
 * the text against each category's views, see meaningViews; a category's best view counts). Returns whether it was.
 */
export async function matchCategoriesWith(
  text: string,
  categories: readonly CategoryInput[],
  similarity?: TextSimilarity,
  glosses = false,
): Promise<{ matches: CategoryMatch[]; hybrid: boolean }> {
  const matches = matchCategories(text, categories);
  if (!similarity) return { matches, hybrid: false };
  const meanings = await meaningsOf(text, meaningViews(categories, glosses), similarity);
  return { matches: matches.map((m, i) => ({ ...m, meaning: meanings[i] ?? 0 })), hybrid: true };
}

/**
 * What the local model compares a text with, per category: its views. With glosses (classify), the caller's
 * "name: description" and our "name: what people write about under it" (categoryGlosses), both when both exist, the
 * name alone only when neither does: a caller's few words may miss the words a text uses where the gloss has them,
 * and the reverse, and a text is about a category when it is near either reading of it. (The bare name as a third
 * view lost on the development set: a short name is a vague point that many texts graze.) Without glosses (tag,
 * whose thresholds were read on names alone: with glosses its development set lost 65% -> 60%), one view, the
 * caller's description or the name.
 */
export function meaningViews(categories: readonly CategoryInput[], glosses: boolean): string[][] {
  return categories.map((c) => {
    const described = c.description ? `${c.name}: ${c.description}` : undefined;
    const gloss = glosses ? glossOf(c.name) : undefined;
    const views = [described, gloss ? `${c.name}: ${gloss}` : undefined].filter((v): v is string => v !== undefined);
    return views.length ? views : [c.name];
  });
}

/** Each category's best cosine with the text over its views, in one call to the model. */
export async function meaningsOf(text: string, views: readonly (readonly string[])[], similarity: TextSimilarity): Promise<number[]> {
  const labels = [...new Set(views.flat())];
  const cosines = await similarity(text, labels);
  const of = new Map(labels.map((l, i) => [l, cosines[i] ?? 0]));
  return views.map((vs) => Math.max(...vs.map((v) => of.get(v) ?? 0)));
}

// One unit of lexical strength (a clear word) is worth this much cosine: the meaning decides, the words break near
// ties. Chosen on the evaluation set's development cases, where 0.02-0.04 gave the same accuracy (docs/eval.md);
// classify passes its own weight (see LEXICAL_IN_COSINE there).
const LEXICAL_IN_COSINE = 0.03;

/**
 * A category's evidence on one scale: with a similarity, the cosine plus its words' share; without, the lexical
 * strength. The scales differ, so each caller keeps its thresholds per scale (classify, tag).
 */
export function evidenceOf(match: CategoryMatch, lexicalInCosine = LEXICAL_IN_COSINE): number {
  return match.meaning === undefined ? match.strength : match.meaning + lexicalInCosine * match.strength;
}

export interface CategoryMatch {
  readonly name: string;
  /** Weighted evidence: sum over the text's words of their best link to the category × tf × idf over the categories. */
  readonly strength: number;
  /** The text's words that spoke for the category, strongest first. */
  readonly evidence: string[];
  /** The best cosine of the text and the category's views (meaningViews) in the local model's space, when it was asked. */
  readonly meaning?: number;
}

/**
 * TF-IDF matching of a text against category profiles, meeting in the middle through WordNet: a text's own word
 * against the category's reach, or what the word is a kind of (its synonyms, hypernyms, domains) against the
 * category's core. A term shared by every category says little about any of them (idf over the categories), a
 * word repeated in the text says more (log tf).
 */
export function matchCategories(text: string, categories: readonly CategoryInput[]): CategoryMatch[] {
  const lemmas = contentLemmas(text);
  const counts = countsOf(lemmas);
  const concepts = conceptsOf(lemmas);
  const profiles = categories.map(profileOf);
  const df = new Map<string, number>();
  for (const profile of profiles) for (const term of profile.reach.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log(1 + profiles.length / (df.get(term) ?? 1));
  // BM25's length normalisation: a category with a vast vocabulary ("sport" has hundreds of kinds) matches
  // something in any text, so its hits count for less than those of a narrow category.
  const sizes = profiles.map((p) => [...p.reach.values()].reduce((s, w) => s + w, 0));
  const averageSize = sizes.reduce((s, n) => s + n, 0) / Math.max(1, sizes.length);
  const B = 0.5;

  return categories.map((category, i) => {
    const { core, reach } = profiles[i]!;
    const bySource = new Map<string, number>();
    for (const [term, concept] of concepts) {
      const own = concept.source === term;
      const weight = own ? reach.get(term) : core.get(term);
      if (!weight) continue;
      const contribution = (1 + Math.log(counts.get(concept.source) ?? 1)) * concept.weight * weight * idf(term);
      // One text word is one piece of evidence: its best link to the category counts, not every path to it.
      if (contribution > (bySource.get(concept.source) ?? 0)) bySource.set(concept.source, contribution);
    }
    const ranked = [...bySource.entries()].sort((a, b) => b[1] - a[1]);
    const norm = 1 - B + (B * sizes[i]!) / (averageSize || 1);
    return { name: category.name, strength: ranked.reduce((s, [, c]) => s + c, 0) / norm, evidence: ranked.slice(0, 8).map(([t]) => t) };
  });
}

/** Accepts the shapes callers send: "billing", {name, description}, {label, description}. */
export function toCategory(input: string | { name?: string; label?: string; description?: string; keywords?: string[] }): CategoryInput {
  if (typeof input === 'string') return { name: input };
  return {
    name: input.name ?? input.label ?? '',
    ...(input.description ? { description: input.description } : {}),
    ...(input.keywords ? { keywords: input.keywords } : {}),
  };
}
