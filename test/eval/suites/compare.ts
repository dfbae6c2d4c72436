import { compareCases } from '../cases/compare';
import { compareHeldOut } from '../heldout/compare';
import { suite, type LabelledCase } from '../suite';

export interface CompareCase extends LabelledCase {
  readonly text_a: string;
  readonly text_b: string;
  readonly criteria?: string;
  /** duplicate: the same content reworded; related: one subject, different details; unrelated: nothing in common. */
  readonly relation: 'duplicate' | 'related' | 'unrelated';
  /** Words each of which some reported similarity must hold on both sides. */
  readonly similar?: readonly string[];
  /** Words each of which some reported difference from that side must hold. */
  readonly different?: { readonly a?: readonly string[]; readonly b?: readonly string[] };
  /** With criteria: the text the recommendation should favour. */
  readonly favours?: 'A' | 'B';
}

interface Output {
  similarity_score: number;
  similarities: { text_a: string; text_b: string }[];
  differences: { source: 'text_a' | 'text_b'; text: string }[];
  recommendation: string;
}

const has = (text: string, word: string) => text.toLowerCase().includes(word.toLowerCase());

/** The score's band for the relation, every expected similarity and difference reported, the favoured text named. */
function problems(c: CompareCase, o: Output): string[] {
  const found: string[] = [];
  const score = o.similarity_score;
  if (c.relation === 'unrelated' && (score >= 0.2 || o.similarities.length))
    found.push(`unrelated texts scored ${score} with ${o.similarities.length} similarities`);
  if (c.relation === 'duplicate' && score < 0.6) found.push(`near duplicates scored ${score}`);
  if (c.relation === 'related' && (score < 0.1 || score >= 0.8)) found.push(`related texts scored ${score}`);
  for (const word of c.similar ?? []) if (!o.similarities.some((s) => has(s.text_a, word) && has(s.text_b, word))) found.push(`no similarity on "${word}"`);
  for (const [side, words] of [
    ['text_a', c.different?.a],
    ['text_b', c.different?.b],
  ] as const)
    for (const word of words ?? []) if (!o.differences.some((d) => d.source === side && has(d.text, word))) found.push(`no difference on "${word}" in ${side}`);
  if (c.favours && !new RegExp(`\\bText ${c.favours} better covers`).test(o.recommendation))
    found.push(`recommendation does not favour ${c.favours}: ${o.recommendation}`);
  return found;
}

/** /compare gives no confidence: its answers are judged for accuracy alone. */
export const compareSuite = suite<CompareCase>({
  tool: 'compare',
  cases: { dev: compareCases, heldOut: compareHeldOut },
  input: (c) => ({ text_a: c.text_a, text_b: c.text_b, ...(c.criteria ? { criteria: c.criteria } : {}) }),
  judge: (c, output) => {
    const found = problems(c, output as unknown as Output);
    const correct = found.length === 0;
    return { correct, judgments: [{ correct, confidence: null, abstained: false }], ...(correct ? {} : { detail: found.join('; ') }) };
  },
});
