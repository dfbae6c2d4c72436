import { isStopWord } from './contentLemmas';
import { synsetAt, synsetsOf, type WordNetPos } from './wordnet';

const variants = new Map<string, ReadonlySet<string>>();

/**
 * Other words for the same thing, from WordNet: the synonyms of a lemma's two commonest senses and their
 * derivationally related forms ("approve" → "approval", "design" → "designer", "employ" → "employee"), single words
 * only. A question's "who approves" then meets a text's "approval". Remembered per lemma.
 */
export function variantsOf(lemma: string): ReadonlySet<string> {
  const cached = variants.get(lemma);
  if (cached) return cached;
  const found = new Set<string>();
  for (const pos of ['noun', 'verb', 'adj'] as WordNetPos[]) {
    for (const synset of synsetsOf(lemma, pos, 2)) {
      for (const word of synset.words) found.add(word);
      for (const pointer of synset.related.slice(0, 8)) for (const word of synsetAt(pointer).words) found.add(word);
    }
  }
  found.delete(lemma);
  const kept = new Set([...found].filter((w) => /^[a-z]+$/.test(w) && w.length > 2 && !isStopWord(w)));
  if (variants.size >= 20_000) variants.clear();
  variants.set(lemma, kept);
  return kept;
}
