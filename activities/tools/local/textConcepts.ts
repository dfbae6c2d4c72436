import { wordsOf } from './categoryProfile';
import { contentLemmas } from './contentLemmas';
import { synsetAt, synsetsOf } from './wordnet';

/** A term the text evokes, with the word in the text that evokes it. */
export interface Concept {
  readonly weight: number;
  readonly source: string;
}

// A text's own words count fully; what they are kinds of ("delivery" → "transportation") counts less.
const WEIGHT = { own: 1, synonym: 0.6, hypernym: 0.5, domain: 0.5, grandHypernym: 0.3, gloss: 0.3 } as const;

/**
 * The text's words plus, for each, its most common noun sense's synonyms, broader kinds, topic domain and
 * definition words ("delivery" → "transportation", "election" → "political") and its most common verb sense's synonyms: the other half of meeting a
 * category's WordNet vocabulary in the middle. Only the first sense: rarer ones mostly add noise.
 */
export function conceptsOf(lemmas: Iterable<string>): Map<string, Concept> {
  const concepts = new Map<string, Concept>();
  const add = (terms: Iterable<string>, weight: number, source: string) => {
    for (const term of terms) if (weight > (concepts.get(term)?.weight ?? 0)) concepts.set(term, { weight, source });
  };
  for (const lemma of lemmas) {
    add([lemma], WEIGHT.own, lemma);
    const [noun] = synsetsOf(lemma, 'noun', 1);
    if (noun) {
      add(wordsOf(noun), WEIGHT.synonym, lemma);
      add(contentLemmas(noun.gloss), WEIGHT.gloss, lemma);
      for (const pointer of noun.domains.slice(0, 2)) add(wordsOf(synsetAt(pointer)), WEIGHT.domain, lemma);
      for (const pointer of noun.hypernyms.slice(0, 2)) {
        const hypernym = synsetAt(pointer);
        add(wordsOf(hypernym), WEIGHT.hypernym, lemma);
        for (const up of hypernym.hypernyms.slice(0, 1)) add(wordsOf(synsetAt(up)), WEIGHT.grandHypernym, lemma);
      }
    }
    const [verb] = synsetsOf(lemma, 'verb', 1);
    if (verb) add(wordsOf(verb), WEIGHT.synonym, lemma);
  }
  return concepts;
}
