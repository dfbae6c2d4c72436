import { contentLemmas } from '../tools/nlp/contentLemmas';
import { termsOf } from '../tools/nlp/textConcepts';
import { synsetAt, synsetsOf, type WordNetPos } from '../tools/nlp/wordnet';

export interface CategoryInput {
  readonly name: string;
  readonly description?: string;
  readonly keywords?: readonly string[];
}

/** Term → weight: how strongly a word in a text speaks for the category. */
export type Profile = Map<string, number>;

/**
 * A category's vocabulary in two rings: its core (its own words and their synonyms and derived forms, which a
 * text's broader terms may meet: "skillet" → … → "kitchen utensil" meets "kitchen") and its reach (the core plus what
 * WordNet lists under it: more specific kinds, topic-domain members, definition words, which a text's own words may
 * meet: "sport" reaches "football"). Meeting expanded with expanded would find something everywhere.
 */
export interface CategoryProfile {
  readonly core: Profile;
  readonly reach: Profile;
}

// How far a relation is from the category's own words: its name counts fully, a definition's words little.
const WEIGHT = { name: 1, keyword: 1, description: 0.8, synonym: 0.8, related: 0.7, hyponym: 0.55, member: 0.55, gloss: 0.3 } as const;
const SENSES: Partial<Record<WordNetPos, number>> = { noun: 3, verb: 2, adj: 2 };

function add(profile: Profile, terms: Iterable<string>, weight: number): void {
  for (const term of terms) if (weight > (profile.get(term) ?? 0)) profile.set(term, weight);
}

/** Expands one word (or collocation) through its WordNet senses; earlier senses are the more common ones and weigh more. */
function expand(profile: CategoryProfile, lemma: string, scale: number): void {
  for (const [pos, senses] of Object.entries(SENSES) as [WordNetPos, number][]) {
    synsetsOf(lemma, pos, senses).forEach((synset, rank) => {
      const sense = scale / (1 + rank * 0.5);
      for (const ring of [profile.core, profile.reach]) {
        add(ring, termsOf(synset), WEIGHT.synonym * sense);
        for (const pointer of synset.related.slice(0, 6)) add(ring, termsOf(synsetAt(pointer)), WEIGHT.related * sense);
      }
      add(profile.reach, contentLemmas(synset.gloss), WEIGHT.gloss * sense);
      // A topic domain's members are the topic's own vocabulary ("politics" → vote, ballot …), whichever sense holds them.
      for (const pointer of synset.members.slice(0, 150)) add(profile.reach, termsOf(synsetAt(pointer)), WEIGHT.member * sense);
      // Only the commonest sense reaches down to its kinds: a rare sense's ("bill of lading") are noise.
      if (rank > 0) return;
      for (const pointer of synset.hyponyms.slice(0, 40)) {
        const kind = synsetAt(pointer);
        add(profile.reach, termsOf(kind), WEIGHT.hyponym * sense);
        for (const deeper of kind.hyponyms.slice(0, 10)) add(profile.reach, termsOf(synsetAt(deeper)), WEIGHT.hyponym * 0.7 * sense);
      }
    });
  }
}

const profiles = new Map<string, CategoryProfile>();

/**
 * A category's vocabulary: its own words, then WordNet synonyms, derived forms, topic-domain members, more specific
 * kinds and definition words, so "billing" also hears "charge" and "sport" hears "football" without training data.
 */
export function profileOf(category: CategoryInput): CategoryProfile {
  const key = JSON.stringify([category.name, category.description ?? '', category.keywords ?? []]);
  const cached = profiles.get(key);
  if (cached) return cached;
  const profile = buildProfile(category);
  // Callers classify against the same categories again and again; the cache is bounded like WordNet's own.
  if (profiles.size >= 1_000) profiles.clear();
  profiles.set(key, profile);
  return profile;
}

function buildProfile(category: CategoryInput): CategoryProfile {
  const profile: CategoryProfile = { core: new Map(), reach: new Map() };
  const nameLemmas = contentLemmas(category.name);
  const keywordLemmas = (category.keywords ?? []).flatMap(contentLemmas);
  const descriptionLemmas = category.description ? contentLemmas(category.description) : [];
  const collocation = category.name.trim().toLowerCase();
  for (const lemma of new Set([...nameLemmas, ...keywordLemmas, ...(collocation.includes(' ') ? [collocation] : [])])) expand(profile, lemma, 1);
  // A description's words are the caller's own account of the category: expanded too, at a discount.
  for (const lemma of new Set(descriptionLemmas)) expand(profile, lemma, 0.6);
  for (const ring of [profile.core, profile.reach]) {
    add(ring, descriptionLemmas, WEIGHT.description);
    add(ring, keywordLemmas, WEIGHT.keyword);
    add(ring, nameLemmas, WEIGHT.name);
  }
  return profile;
}
