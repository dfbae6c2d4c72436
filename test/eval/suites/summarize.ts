import { summarizeCases } from '../cases/summarize';
import { summarizeHeldOut } from '../heldout/summarize';
import { suite, type LabelledCase } from '../suite';

export interface SummarizeCase extends LabelledCase {
  readonly text: string;
  /** Phrases the one-sentence summary must hold: the main point. */
  readonly point: readonly string[];
}

/** The short (one-sentence) summary keeps the main point. No confidence: judged for accuracy alone. */
export const summarizeSuite = suite<SummarizeCase>({
  tool: 'summarize',
  cases: { dev: summarizeCases, heldOut: summarizeHeldOut },
  input: (c) => ({ text: c.text, format: 'short' }),
  judge: (c, output) => {
    const summary = String(output.summary ?? '');
    const missing = c.point.filter((p) => !summary.toLowerCase().includes(p.toLowerCase()));
    const correct = missing.length === 0;
    return { correct, judgments: [{ correct, confidence: null, abstained: false }], ...(correct ? {} : { detail: `summary ${JSON.stringify(summary)}` }) };
  },
});
