import { toolImplementations } from '../../activities/tools';
import { localMeaningSimilarity } from '../../activities/tools/nlp/meaningSimilarity';
import type { Embedder } from '../../activities/embeddings';
import type { Config } from '../../schema/config';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { byName } from '../../schema/registry';
import { percentiles, type Percentiles } from './latency';
import { systemClock } from '../../core/clock/clock';

const CATEGORIES = [
  { name: 'billing', description: 'invoices, charges, refunds and payment methods' },
  { name: 'shipping', description: 'deliveries, tracking, parcels and couriers' },
  { name: 'technical support', description: 'errors, crashes, logins and settings of the app' },
  { name: 'sales', description: 'prices, plans, quotes and discounts for new customers' },
];
const ARTICLE =
  'The Great Barrier Reef stretches for about 2,300 kilometres off the coast of Queensland. It is the largest coral reef system in the world. ' +
  'Reef tourism generates about 6.4 billion Australian dollars a year and supports roughly 64,000 jobs. ' +
  'Rising sea temperatures caused mass bleaching events in 2016, 2017 and 2020. Scientists from the Australian Institute of Marine Science survey it every year.';

/** A call's input: a new ticket each time for classify and tag (their labels repeat), a new question over the same article for qa and rag. */
const INPUTS: Record<string, (i: number) => Record<string, unknown>> = {
  classify: (i) => ({ text: `Order ${1000 + i} was charged twice and the parcel has not arrived yet.`, categories: CATEGORIES }),
  tag: (i) => ({ text: `Ticket ${i}: the app crashes when I open an invoice from last month.`, taxonomy: CATEGORIES.map((c) => c.name) }),
  qa: (i) => ({ question: `How many jobs does reef tourism support (asked ${i} times)?`, text: ARTICLE }),
  rag: (i) => ({ question: `How long is the reef, question ${i}?`, documents: [ARTICLE] }),
};

/**
 * The offline tools that read meaning, per call, warm: with the similarity made anew for each call (as every call did
 * before it was made once per worker, so nothing it embedded was kept) and with the worker's one.
 */
export async function offlineMeaningTimes(
  embedder: Embedder,
  config: Config,
  runs = 40,
): Promise<Record<string, { perCall: Percentiles; perWorker: Percentiles }>> {
  const made = () => localMeaningSimilarity(embedder, config);
  const worker = made();
  if (!worker) throw new Error('the local embedding model is not installed (npm run embedding-model)');
  const times: Record<string, { perCall: Percentiles; perWorker: Percentiles }> = {};
  let n = 0;
  for (const [tool, inputOf] of Object.entries(INPUTS)) {
    const offline = toolImplementations[tool]!.offline!;
    const input = (i: number) => {
      const checked = checkToolInput(byName.get(tool)!, inputOf(i));
      if (!checked.ok) throw new Error(`${tool}: ${checked.problems.map((p) => p.message).join('; ')}`);
      return checked.value;
    };
    const timed = async (similarity: () => ReturnType<typeof made>) => {
      await offline(input(n++), { clock: systemClock, similarity: similarity() });
      const durations: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await offline(input(n++), { clock: systemClock, similarity: similarity() });
        durations.push(performance.now() - started);
      }
      return percentiles(durations);
    };
    times[tool] = { perCall: await timed(made), perWorker: await timed(() => worker) };
  }
  return times;
}
