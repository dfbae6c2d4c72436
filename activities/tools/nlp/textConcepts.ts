import { wordsOf } from '../../classification/categoryProfile';
import { contentLemmas } from './contentLemmas';
import { synsetAt, synsetsOf } from './wordnet';

/** A term the text evokes, with the word in the text that evokes it. */
export interface Concept {
  readonly weight: number;
  readonly source: string;
}

// A text's own words count fully; what they are kinds of ("delivery" → "transportation") counts less.
const WEIGHT = { own: 1, synonym: 0.6, hypernym: 0.5, domain: 0.5, grandHypernym: 0.3, gloss: 0.3 } as const;

type Expansion = readonly (readonly [term: string, weight: number])[];

const expansions = new Map<string, Expansion>();

/**
 * One word's WordNet neighbourhood: its most common noun sense's synonyms, broader kinds, topic domain and
 * definition words ("delivery" → "transportation", "election" → "political"), and its most common verb sense's
 * synonyms. Only the first sense: rarer ones mostly add noise. Remembered per word, since texts repeat words.
 */
function expansionOf(lemma: string): Expansion {
  const cached = expansions.get(lemma);
  if (cached) return cached;
  const out: [string, number][] = [];
  const add = (terms: Iterable<string>, weight: number) => {
    for (const term of terms) out.push([term, weight]);
  };
  const [noun] = synsetsOf(lemma, 'noun', 1);
  if (noun) {
    add(wordsOf(noun), WEIGHT.synonym);
    add(contentLemmas(noun.gloss), WEIGHT.gloss);
    for (const pointer of noun.domains.slice(0, 2)) add(wordsOf(synsetAt(pointer)), WEIGHT.domain);
    for (const pointer of noun.hypernyms.slice(0, 2)) {
      const hypernym = synsetAt(pointer);
      add(wordsOf(hypernym), WEIGHT.hypernym);
      for (const up of hypernym.hypernyms.slice(0, 1)) add(wordsOf(synsetAt(up)), WEIGHT.grandHypernym);
    }
  }
  const [verb] = synsetsOf(lemma, 'verb', 1);
  if (verb) add(wordsOf(verb), WEIGHT.synonym);
  if (expansions.size >= 20_000) expansions.clear();
  expansions.set(lemma, out);
  return out;
}

/** The text's words plus what WordNet says they mean: the other half of meeting a category's vocabulary in the middle. */
export function conceptsOf(lemmas: Iterable<string>): Map<string, Concept> {
  const concepts = new Map<string, Concept>();
  const add = (term: string, weight: number, source: string) => {
    if (weight > (concepts.get(term)?.weight ?? 0)) concepts.set(term, { weight, source });
  };
  for (const lemma of lemmas) {
    add(lemma, WEIGHT.own, lemma);
    for (const [term, weight] of expansionOf(lemma)) add(term, weight, lemma);
  }
  return concepts;
}
