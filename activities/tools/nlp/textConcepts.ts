import { contentLemmas, isStopWord } from './contentLemmas';
import { synsetAt, synsetsOf, type Pointer, type Synset, type WordNetPos } from './wordnet';

/** A term the text evokes, with the word in the text that evokes it. */
export interface Concept {
  readonly weight: number;
  readonly source: string;
}

// A text's own words count fully; their synonyms, topic domains and derived forms nearly so; what they are kinds of
// less with each step up ("skillet" → pan → cooking utensil → kitchen utensil); definition words least.
const WEIGHT = { own: 1, synonym: 0.8, derived: 0.7, domain: 0.7, gloss: 0.35 } as const;
const HYPERNYM = [0.7, 0.55, 0.45, 0.35] as const;
// The second sense of a word still speaks, at a discount ("order" is first a command, then a purchase request).
const SENSE = [1, 0.6] as const;
// Verbs too light to say what a text is about: their senses would send it everywhere.
const LIGHT = new Set([
  'be',
  'have',
  'do',
  'get',
  'make',
  'go',
  'take',
  'come',
  'use',
  'need',
  'want',
  'say',
  'tell',
  'try',
  'keep',
  'seem',
  'suppose',
  'give',
  'put',
  'let',
  'know',
  'think',
  'see',
  'look',
  'find',
  'work',
  'call',
  'would',
  'could',
]);

type Expansion = readonly (readonly [term: string, weight: number])[];

/** A synset's words, and the content words of its collocations ("kitchen utensil" → kitchen utensil, kitchen, utensil). */
export function termsOf(synset: Synset): string[] {
  const out: string[] = [];
  for (const word of synset.words) {
    out.push(word);
    if (word.includes(' ')) for (const part of word.split(' ')) if (part.length > 2 && !isStopWord(part)) out.push(part);
  }
  return out;
}

const expansions = new Map<string, Expansion>();

/**
 * One word's (or collocation's) WordNet neighbourhood over its two commonest noun and verb senses: synonyms, topic
 * domains, derivationally related forms, hypernyms four levels up with their domains, and the first sense's definition
 * words. Remembered per word, since texts repeat words.
 */
function expansionOf(lemma: string): Expansion {
  const cached = expansions.get(lemma);
  if (cached) return cached;
  const out: [string, number][] = [];
  const add = (terms: Iterable<string>, weight: number) => {
    for (const term of terms) out.push([term, weight]);
  };
  const domains = (synset: Synset, weight: number) => {
    for (const pointer of synset.domains.slice(0, 2)) add(termsOf(synsetAt(pointer)), weight);
  };
  for (const pos of ['noun', 'verb'] as WordNetPos[]) {
    if (pos === 'verb' && LIGHT.has(lemma)) continue;
    synsetsOf(lemma, pos, SENSE.length).forEach((synset, rank) => {
      const sense = SENSE[rank]!;
      add(termsOf(synset), WEIGHT.synonym * sense);
      domains(synset, WEIGHT.domain * sense);
      if (rank === 0) add(contentLemmas(synset.gloss), WEIGHT.gloss);
      for (const pointer of synset.related.slice(0, 4)) {
        const derived = synsetAt(pointer);
        add(termsOf(derived), WEIGHT.derived * sense);
        for (const up of derived.hypernyms.slice(0, 1)) add(termsOf(synsetAt(up)), HYPERNYM[1] * sense);
      }
      let level: readonly Pointer[] = synset.hypernyms.slice(0, 2);
      for (let depth = 0; depth < HYPERNYM.length && level.length; depth++) {
        const next: Pointer[] = [];
        for (const pointer of level) {
          const hypernym = synsetAt(pointer);
          add(termsOf(hypernym), HYPERNYM[depth]! * sense);
          domains(hypernym, WEIGHT.domain * sense * 0.8);
          next.push(...hypernym.hypernyms.slice(0, 1));
        }
        level = next;
      }
    });
  }
  if (expansions.size >= 20_000) expansions.clear();
  expansions.set(lemma, out);
  return out;
}

/** Adjacent lemmas WordNet knows as one term ("building block", "interest rate", "debit card"). */
function collocationsOf(lemmas: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < lemmas.length; i++) {
    const pair = `${lemmas[i]} ${lemmas[i + 1]}`;
    if (synsetsOf(pair, 'noun', 1).length) found.push(pair);
  }
  return found;
}

/** The text's words plus what WordNet says they mean: the other half of meeting a category's vocabulary in the middle. */
export function conceptsOf(lemmas: Iterable<string>): Map<string, Concept> {
  const concepts = new Map<string, Concept>();
  const add = (term: string, weight: number, source: string) => {
    if (weight > (concepts.get(term)?.weight ?? 0)) concepts.set(term, { weight, source });
  };
  const words = [...lemmas];
  for (const lemma of [...new Set(words), ...collocationsOf(words)]) {
    add(lemma, WEIGHT.own, lemma);
    for (const [term, weight] of expansionOf(lemma)) add(term, weight, lemma);
  }
  return concepts;
}
