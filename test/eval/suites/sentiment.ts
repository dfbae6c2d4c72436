import { sentimentCases } from '../cases/sentiment';
import { sentimentHeldOut } from '../heldout/sentiment';
import { suite, type LabelledCase } from '../suite';

export interface SentimentCase extends LabelledCase {
  readonly text: string;
  readonly label: 'positive' | 'negative' | 'neutral' | 'mixed';
}

/** Right when the polarity is the label; the confidence is the tool's own. */
export const sentimentSuite = suite<SentimentCase>({
  tool: 'sentiment',
  cases: { dev: sentimentCases, heldOut: sentimentHeldOut },
  input: (c) => ({ text: c.text }),
  judge: (c, output) => {
    const correct = output.polarity === c.label;
    return {
      correct,
      judgments: [{ correct, confidence: Number(output.confidence), abstained: false }],
      ...(correct ? {} : { detail: `said ${String(output.polarity)} (${String(output.confidence)}), expected ${c.label}` }),
    };
  },
});
