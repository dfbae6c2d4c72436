import { localTools } from '../../../activities/tools/localTools';
import { analysisTools } from '../../../schema/registry/analysisTools';

const PARAGRAPH =
  'Alice will send the revised budget to finance by Friday, and Bob should review the vendor contract. ' +
  'The launch on March 3, 2024 went well; churn fell by 12% and revenue reached $2.5 million. ' +
  'Please update the roadmap before April 20. Contact jane@example.com or call +1 (555) 123-4567 for details. ';
const TEXT = PARAGRAPH.repeat(10);

const INPUTS: Record<string, Record<string, unknown>> = {
  classify: { text: TEXT, categories: ['billing', 'shipping', 'technical support', 'sales'] },
  tag: { text: TEXT, taxonomy: ['finance', 'product', 'legal'] },
  compare: { text_a: TEXT, text_b: `${TEXT.slice(0, 1500)} The new contract adds a penalty clause.` },
  proofread: { text: TEXT },
  qa: { question: 'When is the roadmap due?', text: TEXT },
  rag: { question: 'How much revenue?', documents: [TEXT, TEXT.slice(500)] },
  extract: { text: TEXT, schema: { email: 'email', phone: 'phone', revenue: 'money', launch_date: 'date', owner: 'person' } },
  timeline: { text: TEXT, reference_date: '2024-03-04' },
  action: { text: TEXT, reference_date: '2024-03-04' },
  outline: { text: TEXT },
  score: { text: TEXT, rubric: ['clarity', 'correctness', 'budget detail', 'positivity'] },
  mock: { schema: { name: 'string', email: 'email', age: 'integer' }, count: 50, seed: 1 },
  regex: { examples: ['INV-0042', 'INV-1337'], non_examples: ['INV-42'] },
  'json-schema': { description: 'name: string, age: integer, email' },
  diagram: { text: '1. Receive\n2. If paid, ship it; otherwise, remind\n3. Close' },
};

describe('offline tools stay fast', () => {
  it.each(analysisTools.map((t) => t.name))('%s answers a 3 KB input in well under a second once its models are loaded', (name) => {
    const run = localTools[name]!;
    run(INPUTS[name]!);
    const started = performance.now();
    run(INPUTS[name]!);
    // Typical warm times are 1–100 ms; the bound leaves room for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(750);
  });
});
