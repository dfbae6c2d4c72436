import { contentLemmas, isStopWord } from '../tools/nlp/contentLemmas';
import { synsetAt, synsetsOf, type Synset, type WordNetPos } from '../tools/nlp/wordnet';

export interface CategoryInput {
  readonly name: string;
  readonly description?: string;
  readonly keywords?: readonly string[];
}

/** Term → weight: how strongly a word in a text speaks for the category. */
export type Profile = Map<string, number>;

// How far a relation is from the category's own words: its name counts fully, a definition's words little.
const WEIGHT = { name: 1, keyword: 1, description: 0.8, synonym: 0.7, related: 0.5, hyponym: 0.5, member: 0.5, gloss: 0.3 } as const;
const SENSES: Partial<Record<WordNetPos, number>> = { noun: 3, verb: 2, adj: 2 };

function add(profile: Profile, terms: Iterable<string>, weight: number): void {
  for (const term of terms) if (weight > (profile.get(term) ?? 0)) profile.set(term, weight);
}

/**
 * WordNet's entries are base forms already; a collocation contributes its head, the last word ("computer hardware" →
 * "hardware"), since its other words ("pin" of "pin-up") are rarely what it means.
 */
export const wordsOf = (synset: Synset) => synset.words.map((p) => p.split(/[\s_-]+/).pop() ?? '').filter((w) => w.length > 1 && !isStopWord(w));

/** Expands one word (or collocation) through its WordNet senses; earlier senses are the more common ones and weigh more. */
function expand(profile: Profile, lemma: string): void {
  for (const [pos, senses] of Object.entries(SENSES) as [WordNetPos, number][]) {
    synsetsOf(lemma, pos, senses).forEach((synset, rank) => {
      const sense = 1 / (1 + rank * 0.5);
      add(profile, wordsOf(synset), WEIGHT.synonym * sense);
      add(profile, contentLemmas(synset.gloss), WEIGHT.gloss * sense);
      for (const pointer of synset.related.slice(0, 6)) add(profile, wordsOf(synsetAt(pointer)), WEIGHT.related * sense);
      for (const pointer of synset.members.slice(0, 150)) add(profile, wordsOf(synsetAt(pointer)), WEIGHT.member * sense);
      for (const pointer of synset.hyponyms.slice(0, 40)) add(profile, wordsOf(synsetAt(pointer)), WEIGHT.hyponym * sense);
    });
  }
}

/**
 * A category's vocabulary: its own words, then WordNet synonyms, derived forms, topic-domain members, more specific
 * kinds and definition words, so "billing" also hears "charge" and "sport" hears "football" without training data.
 */
export function profileOf(category: CategoryInput): Profile {
  const key = JSON.stringify([category.name, category.description ?? '', category.keywords ?? []]);
  const cached = profiles.get(key);
  if (cached) return cached;
  const profile = buildProfile(category);
  // Callers classify against the same categories again and again; the cache is bounded like WordNet's own.
  if (profiles.size >= 1_000) profiles.clear();
  profiles.set(key, profile);
  return profile;
}

const profiles = new Map<string, Profile>();

function buildProfile(category: CategoryInput): Profile {
  const profile: Profile = new Map();
  const nameLemmas = contentLemmas(category.name);
  const keywordLemmas = (category.keywords ?? []).flatMap(contentLemmas);
  const collocation = category.name.trim().toLowerCase();
  for (const lemma of new Set([...nameLemmas, ...keywordLemmas, ...(collocation.includes(' ') ? [collocation] : [])])) expand(profile, lemma);
  if (category.description) add(profile, contentLemmas(category.description), WEIGHT.description);
  add(profile, keywordLemmas, WEIGHT.keyword);
  add(profile, nameLemmas, WEIGHT.name);
  return profile;
}
