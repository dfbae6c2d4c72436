import { toolImplementations } from '../../activities/tools';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { registry } from '../../schema/registry';
import { percentiles, type Percentiles } from './latency';
import { systemClock } from '../../core/clock/clock';

const PARAGRAPH =
  'Alice will send the revised budget to finance by Friday, and Bob should review the vendor contract. ' +
  'The launch on March 3, 2024 went well; churn fell by 12% and revenue reached $2.5 million. ' +
  'Please update the roadmap before April 20. Contact jane@example.com or call +1 (555) 123-4567 for details. ';
const TEXT = PARAGRAPH.repeat(10);

/** Inputs of about 3 KB for the offline tools; a tool not named here runs on its registry example. */
const INPUTS: Record<string, Record<string, unknown>> = {
  classify: { text: TEXT, categories: ['billing', 'shipping', 'technical support', 'sales'] },
  tag: { text: TEXT, taxonomy: ['finance', 'product', 'legal'] },
  compare: { text_a: TEXT, text_b: `${TEXT.slice(0, 1500)} The new contract adds a penalty clause.` },
  qa: { question: 'When is the roadmap due?', text: TEXT },
  rag: { question: 'How much revenue?', documents: [TEXT, TEXT.slice(500)] },
  extract: { text: TEXT, schema: { email: 'email', phone: 'phone', revenue: 'money', launch_date: 'date', owner: 'person' } },
  timeline: { text: TEXT, reference_date: '2024-03-04' },
  action: { text: TEXT, reference_date: '2024-03-04' },
  score: { text: TEXT, rubric: ['clarity', 'correctness', 'budget detail', 'positivity'] },
  mock: { schema: { name: 'string', email: 'email', age: 'integer' }, count: 50, seed: 1 },
  regex: { examples: ['INV-0042', 'INV-1337'], non_examples: ['INV-42'] },
  'json-schema': { description: 'name: string, age: integer, email' },
  diagram: { text: '1. Receive\n2. If paid, ship it; otherwise, remind\n3. Close' },
};

/** Warm times of every offline tool in this process (the first run loads its models and is left out). */
export async function offlineToolTimes(runs = 20): Promise<Record<string, Percentiles>> {
  const times: Record<string, Percentiles> = {};
  for (const entry of registry) {
    const offline = toolImplementations[entry.name]?.offline;
    if (!offline) continue;
    const takesText = Boolean((entry.input.properties as Record<string, unknown> | undefined)?.text);
    const raw = INPUTS[entry.name] ?? { ...entry.example, ...(takesText ? { text: TEXT } : {}) };
    // As the tool receives it: aliases applied and defaults filled in by the entry's schema.
    const checked = checkToolInput(entry, raw);
    if (!checked.ok) throw new Error(`${entry.name}: ${checked.problems.map((p) => p.message).join('; ')}`);
    const input = checked.value;
    await offline(input, { clock: systemClock });
    const durations: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await offline(input, { clock: systemClock });
      durations.push(performance.now() - started);
    }
    times[entry.name] = percentiles(durations);
  }
  return times;
}
