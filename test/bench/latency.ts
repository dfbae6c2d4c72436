/** Percentiles of a list of durations in milliseconds. */
export interface Percentiles {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export function percentiles(durations: readonly number[]): Percentiles {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0) * 100) / 100;
  return { samples: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}

/** Runs `work` from `concurrency` loops for `seconds`, timing each call. */
export async function timeLoops(
  concurrency: number,
  seconds: number,
  work: (i: number) => Promise<unknown>,
): Promise<Percentiles & { perSecond: number; errors: number }> {
  const durations: number[] = [];
  let errors = 0;
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await work(n++);
          durations.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { ...percentiles(durations), perSecond: Math.round((durations.length / elapsed) * 10) / 10, errors };
}
