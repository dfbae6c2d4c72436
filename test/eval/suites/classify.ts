import { classifyCases } from '../cases/classify';
import { classifyHeldOut } from '../heldout/classify';
import { suite, type LabelledCase } from '../suite';

export type CategorySpec = string | { readonly name: string; readonly description: string };

export interface ClassifyCase extends LabelledCase {
  readonly text: string;
  readonly categories: readonly CategorySpec[];
  /** The right category, or null when none of them fits. */
  readonly expected: string | null;
}

/** Right: the expected category, or null when none fits. A null category is an abstention. */
export const classifySuite = suite<ClassifyCase>({
  tool: 'classify',
  cases: { dev: classifyCases, heldOut: classifyHeldOut },
  input: (c) => ({ text: c.text, categories: c.categories }),
  judge: (c, output) => {
    const category = typeof output.category === 'string' ? output.category : null;
    const confidence = Number(output.confidence);
    const correct = category === c.expected;
    return {
      correct,
      judgments: [{ correct, confidence, abstained: category === null }],
      ...(correct ? {} : { detail: `said ${JSON.stringify(category)} (${confidence}), expected ${JSON.stringify(c.expected)}` }),
    };
  },
});
