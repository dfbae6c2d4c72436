/**
 * What the Temporal server did for a window of calls, from its Prometheus /metrics: persistence requests by
 * operation (the dev server's --metrics-port; scripts/services/temporal.ts pins it to 7263). The counters are
 * cumulative, so a window is the difference of two scrapes, divided by the calls it served.
 */
export type PersistenceCounts = Map<string, number>;

const LINE = /^(visibility_)?persistence_requests\{([^}]*)\} (\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;

/** persistence_requests by operation (visibility ones prefixed `visibility:`), summed over services; null when unreachable. */
export async function scrapePersistence(metricsUrl: string): Promise<PersistenceCounts | null> {
  let text: string;
  try {
    // The server is under load while it is read: give it time, and measure nothing rather than fail the bench.
    const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) return null;
    text = await response.text();
  } catch {
    return null;
  }
  const counts: PersistenceCounts = new Map();
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const operation = /operation="([^"]+)"/.exec(match[2]!)?.[1] ?? 'unknown';
    const name = match[1] ? `visibility:${operation}` : operation;
    counts.set(name, (counts.get(name) ?? 0) + Number(match[3]));
  }
  return counts;
}

// Writes change the store (history, mutable state, tasks, visibility rows); the rest are reads and polls.
const WRITE = /^(visibility:)?(Create|Update|Append|Complete|RangeComplete|Delete|Upsert|Insert|ConflictResolve|Set|Put|Record)/;

export interface PersistencePerCall {
  readonly writesPerCall: number;
  readonly requestsPerCall: number;
  /** The operations that cost most per call, largest first. */
  readonly top: Readonly<Record<string, number>>;
}

export function persistencePerCall(before: PersistenceCounts | null, after: PersistenceCounts | null, calls: number): PersistencePerCall | null {
  if (!before || !after || calls <= 0) return null;
  const delta = [...after].map(([operation, count]) => [operation, count - (before.get(operation) ?? 0)] as const).filter(([, n]) => n > 0);
  const round = (n: number) => Math.round((n / calls) * 100) / 100;
  const sum = (rows: readonly (readonly [string, number])[]) => rows.reduce((total, [, n]) => total + n, 0);
  return {
    writesPerCall: round(sum(delta.filter(([operation]) => WRITE.test(operation)))),
    requestsPerCall: round(sum(delta)),
    top: Object.fromEntries(
      [...delta]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([operation, n]) => [operation, round(n)]),
    ),
  };
}
