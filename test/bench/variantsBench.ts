import type { Say } from '../../scripts/services/processes';
import {
  benchEnv,
  committedTransactions,
  dropBenchDatabase,
  freePort,
  freshMigratedDatabase,
  fundedKeys,
  paidSentimentLoad,
  startArrangement,
} from './arrangement';
import { watchUsage } from './processUsage';

/** One way of running the same arrangement: extra node flags or environment for the API and the worker. */
export interface Variant {
  readonly label: string;
  readonly apiFlags?: readonly string[];
  readonly workerFlags?: readonly string[];
  readonly env?: Record<string, string>;
}

export interface VariantWindow {
  readonly variant: string;
  readonly round: number;
  readonly calls: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly non2xx: number;
  /** CPU per completed call from /proc, per process group (the API, the standalone worker). */
  readonly cpuMsPerCall: Record<string, number>;
  readonly peakRssMiB: Record<string, number>;
  /** Committed PostgreSQL transactions per call in the window's database. */
  readonly transactionsPerCall: number;
}

/**
 * A/B (or A/B/C …) of ways to run one arrangement, alternated round by round in one run (A B A B …) so a drift of
 * the machine falls on every variant alike: each window starts the arrangement afresh with the variant's flags and
 * environment on an empty database, warms it up, then measures paid POST /sentiment calls at `connections` callers.
 * What it compares is what a flag or a setting costs per call: our processes' CPU (which other load on the machine
 * hardly moves), calls/s and p50 (which it does), peak RSS and PostgreSQL transactions.
 */
export async function benchVariants(options: {
  variants: readonly Variant[];
  rounds: number;
  embedded: boolean;
  compiled: boolean;
  seconds: number;
  connections: number;
  say: Say;
  clusterUrl: string;
  temporalAddress: string;
  adminToken: (env: NodeJS.ProcessEnv) => string;
}): Promise<VariantWindow[]> {
  const { say } = options;
  const windows: VariantWindow[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const variant of options.variants) {
      say(`round ${round}/${options.rounds}, variant ${variant.label}`);
      windows.push(await measureVariant(variant, round, options));
      say(`  ${describe(windows[windows.length - 1]!)}`);
    }
  }
  return windows;
}

async function measureVariant(variant: Variant, round: number, options: Parameters<typeof benchVariants>[0]): Promise<VariantWindow> {
  const database = `toolgate_variants_${process.pid}`;
  const databaseUrl = await freshMigratedDatabase(options.clusterUrl, database);
  const port = await freePort();
  const env = {
    ...benchEnv({ databaseUrl, temporalAddress: options.temporalAddress, taskQueue: `variants-${Date.now().toString(36)}`, port }),
    ...variant.env,
  };
  const base = `http://127.0.0.1:${port}`;
  const arrangement = await startArrangement({
    embedded: options.embedded,
    compiled: options.compiled,
    env,
    base,
    say: options.say,
    ...(variant.apiFlags ? { apiFlags: variant.apiFlags } : {}),
    ...(variant.workerFlags ? { workerFlags: variant.workerFlags } : {}),
  });
  try {
    const keys = await fundedKeys(base, options.adminToken(env), options.connections);
    const load = paidSentimentLoad(base, keys, options.connections);
    await load(5);
    const transactionsBefore = await committedTransactions(options.clusterUrl, database);
    const usage = watchUsage(arrangement.groups);
    const result = await load(options.seconds);
    const seen = usage.stop();
    const calls = Math.max(1, result.samples);
    const transactions = (await committedTransactions(options.clusterUrl, database)) - transactionsBefore;
    return {
      variant: variant.label,
      round,
      calls: result.samples,
      perSecond: result.perSecond,
      p50Ms: result.p50Ms,
      non2xx: result.non2xx,
      cpuMsPerCall: Object.fromEntries(Object.entries(seen).map(([group, window]) => [group, round2(window.cpuMs / calls)])),
      peakRssMiB: Object.fromEntries(Object.entries(seen).map(([group, window]) => [group, window.peakRssMiB])),
      transactionsPerCall: round2(transactions / calls),
    };
  } finally {
    await arrangement.stop();
    await dropBenchDatabase(options.clusterUrl, database);
  }
}

function describe(w: VariantWindow): string {
  const cpu = Object.entries(w.cpuMsPerCall)
    .map(([group, ms]) => `${group} ${ms}`)
    .join(' + ');
  const rss = Object.entries(w.peakRssMiB)
    .map(([group, mib]) => `${group} ${mib}`)
    .join(', ');
  return `${w.calls} calls, ${w.perSecond}/s, p50 ${w.p50Ms} ms, ${w.non2xx} not 2xx; CPU ms/call ${cpu}; peak RSS MiB ${rss}; ${w.transactionsPerCall} transactions/call`;
}

/** Each variant's mean over its rounds, and its ratio to the first variant's. */
export function printVariants(windows: readonly VariantWindow[]): void {
  const labels = [...new Set(windows.map((w) => w.variant))];
  const mean = (label: string, pick: (w: VariantWindow) => number) => {
    const own = windows.filter((w) => w.variant === label);
    return own.reduce((sum, w) => sum + pick(w), 0) / Math.max(1, own.length);
  };
  const groups = Object.keys(windows[0]?.cpuMsPerCall ?? {});
  const cpuOf = (w: VariantWindow) => groups.reduce((sum, g) => sum + (w.cpuMsPerCall[g] ?? 0), 0);
  const base = labels[0]!;
  console.log(`\nvariant            calls/s  (÷${base})   p50 ms   CPU ms/call ${groups.join(' + ')} = ours (÷${base})   peak RSS MiB   tx/call`);
  for (const label of labels) {
    const perSecond = mean(label, (w) => w.perSecond);
    const ours = mean(label, cpuOf);
    const parts = groups.map((g) => round2(mean(label, (w) => w.cpuMsPerCall[g] ?? 0))).join(' + ');
    const rss = groups.map((g) => Math.round(mean(label, (w) => w.peakRssMiB[g] ?? 0))).join(' / ');
    console.log(
      `${label.padEnd(18).slice(0, 18)} ${String(round2(perSecond)).padStart(7)}  ${String(round2(perSecond / mean(base, (w) => w.perSecond))).padStart(6)}  ${String(round2(mean(label, (w) => w.p50Ms))).padStart(7)}   ${parts} = ${round2(ours)} (${round2(ours / mean(base, cpuOf))})   ${rss}   ${round2(mean(label, (w) => w.transactionsPerCall))}`,
    );
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
