import { tagCases } from '../cases/tag';
import { tagHeldOut } from '../heldout/tag';
import { suite, type Judgment, type LabelledCase } from '../suite';

export type TagCase = LabelledCase & { readonly text: string } & (
    | { readonly taxonomy: readonly string[]; readonly expected: readonly string[]; readonly allowed?: readonly string[] }
    | { readonly topics: readonly string[] }
  );

interface Tag {
  tag: string;
  confidence: number;
}

/** A free-form tag is about a listed topic when either holds the other ("solar-farm" and "solar"). */
const aboutTopic = (tag: string, topics: readonly string[]) => {
  const t = tag.toLowerCase().replace(/-/g, ' ');
  return topics.some((topic) => t.includes(topic) || topic.includes(t));
};

/**
 * Each tag given is a claim judged on its own (right when expected or allowed), each expected tag left out is a
 * claim not made; the case is right when every expected tag is given and nothing unacceptable is. Free-form: the
 * first three tags must be about the text's topics.
 */
export const tagSuite = suite<TagCase>({
  tool: 'tag',
  cases: { dev: tagCases, heldOut: tagHeldOut },
  input: (c) => ({ text: c.text, ...('taxonomy' in c ? { taxonomy: c.taxonomy } : {}) }),
  judge: (c, output) => {
    const tags = (output.tags as Tag[]) ?? [];
    if (!('taxonomy' in c)) {
      const judgments: Judgment[] = tags.map((t) => ({ correct: aboutTopic(t.tag, c.topics), confidence: t.confidence, abstained: false }));
      const top = tags.slice(0, 3);
      const correct = top.length >= 2 && top.every((t) => aboutTopic(t.tag, c.topics));
      return { correct, judgments, ...(correct ? {} : { detail: `tags ${JSON.stringify(tags.map((t) => t.tag))}` }) };
    }
    const acceptable = new Set([...c.expected, ...(c.allowed ?? [])]);
    const given = new Set(tags.map((t) => t.tag));
    const judgments: Judgment[] = [
      ...tags.map((t) => ({ correct: acceptable.has(t.tag), confidence: t.confidence, abstained: false })),
      ...c.expected.filter((e) => !given.has(e)).map(() => ({ correct: false, confidence: 0, abstained: true })),
      ...(c.expected.length === 0 && tags.length === 0 ? [{ correct: true, confidence: 0, abstained: true }] : []),
    ];
    const correct = c.expected.every((e) => given.has(e)) && tags.every((t) => acceptable.has(t.tag));
    return {
      correct,
      judgments,
      ...(correct ? {} : { detail: `tags ${JSON.stringify(tags.map((t) => `${t.tag} ${t.confidence}`))}, expected ${JSON.stringify(c.expected)}` }),
    };
  },
});
