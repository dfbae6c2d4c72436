import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { withDatabase } from '../../scripts/services/databaseUrl';
import type { Say } from '../../scripts/services/processes';
import { benchEnv, dropBenchDatabase, freePort, freshMigratedDatabase, fundedKeys, paidSentimentLoad, REVIEW, startArrangement } from './arrangement';
import { percentiles, type Percentiles } from './latency';

/** How long a caller waits before it gives up (and what it says it will wait, X-Request-Timeout). */
const CALLER_TIMEOUT_S = 5;

/** What one overload window found: calls offered open-loop at `offeredPerSecond`, each caller giving up after 5 s. */
export interface OverloadWindow {
  readonly arrangement: 'embeddedWorker' | 'apiAlone';
  /** Calls/s the arrangement completes at 16 callers, closed-loop: the capacity the overload is a multiple of. */
  readonly capacityPerSecond: number;
  /** p50 of one caller alone (ms): the accepted calls' p99 is judged against it. */
  readonly c1P50Ms: number;
  readonly offeredPerSecond: number;
  readonly seconds: number;
  readonly offered: number;
  readonly accepted: number;
  readonly goodputPerSecond: number;
  /** goodput / capacity: the target is ≥ 0.9 at 4× offered load. */
  readonly goodputShare: number;
  readonly acceptedLatency: Percentiles;
  /** accepted p99 / c1 p50: the target is ≤ 5. */
  readonly acceptedP99OverC1P50: number;
  readonly refused: number;
  readonly refusedLatency: Percentiles;
  readonly deadlineDropped: number;
  /** Callers that gave up at 5 s without an answer: the target is 0. */
  readonly timedOut: number;
  readonly otherFailures: Record<string, number>;
  /** Charges settled in the window less those given back, beyond the answers received: the target is 0. */
  readonly chargedNotReceived: number;
  readonly charged: number;
  /** The liveness probe polled through the window. */
  readonly livez: Percentiles;
}

/**
 * The overload window (issue 43): first the arrangement's capacity (16 callers, closed loop) and one caller's p50,
 * then calls offered open-loop at `multiple` × capacity for `seconds`, as independent callers arrive (no idempotency
 * key, `X-Request-Timeout: 5`, giving up at 5 s), while the liveness probe is polled.
 * Each call ends as an answer, a quick refusal (503 overloaded), a drop at its deadline, or the caller's give-up;
 * the charges the window settled are compared with the answers received.
 */
export async function benchOverload(options: {
  compiled: boolean;
  seconds: number;
  multiple: number;
  only?: 'embedded' | 'alone';
  say: Say;
  clusterUrl: string;
  temporalAddress: string;
  adminToken: (env: NodeJS.ProcessEnv) => string;
}): Promise<OverloadWindow[]> {
  const { say } = options;
  const windows: OverloadWindow[] = [];
  for (const embedded of [true, false]) {
    if (options.only && options.only !== (embedded ? 'embedded' : 'alone')) continue;
    const database = `toolgate_overload_${process.pid}`;
    const databaseUrl = await freshMigratedDatabase(options.clusterUrl, database);
    const port = await freePort();
    const probePort = await freePort();
    // With the deployment's admission (benchEnv turns it off for the cost windows), unless the caller set one.
    const { ADMISSION_INITIAL_LIMIT: off, ...env } = benchEnv({
      databaseUrl,
      temporalAddress: options.temporalAddress,
      taskQueue: `overload-${Date.now().toString(36)}`,
      port,
    });
    if (process.env.ADMISSION_INITIAL_LIMIT !== undefined) env.ADMISSION_INITIAL_LIMIT = off;
    const base = `http://127.0.0.1:${port}`;
    const name = embedded ? 'embeddedWorker' : 'apiAlone';
    say(`overload, arrangement ${name}: starting`);
    const arrangement = await startArrangement({ embedded, compiled: options.compiled, env, base, say, apiEnv: { PROBE_PORT: String(probePort) } });
    try {
      const keys = await fundedKeys(base, options.adminToken(env), 16);
      const load = paidSentimentLoad(base, keys, 16);
      say('  warming up, 5 s');
      await load(5);
      const closedLoop = await load(10);
      // Answers a second: the closed loop's refusals (its 16 callers may pass the admission limit) are not capacity.
      const capacity = { perSecond: Math.round(((closedLoop.perSecond * 10 - closedLoop.non2xx) / 10) * 10) / 10 };
      const c1 = await paidSentimentLoad(base, keys, 1)(5);
      const offeredPerSecond = Math.max(1, Math.round(capacity.perSecond * options.multiple));
      say(`  capacity ${capacity.perSecond} calls/s at 16 callers, one caller p50 ${c1.p50Ms} ms; offering ${offeredPerSecond}/s for ${options.seconds} s`);
      const chargesBefore = await chargeCounts(options.clusterUrl, database);
      const window = await openLoop({ base, keys, perSecond: offeredPerSecond, seconds: options.seconds, probe: `http://127.0.0.1:${probePort}/livez` });
      // Calls still running when their callers left end within a few seconds (refunded or, answered, charged).
      await delay(CALLER_TIMEOUT_S * 1000 + 3000);
      const chargesAfter = await chargeCounts(options.clusterUrl, database);
      const charged = chargesAfter.settled - chargesBefore.settled - (chargesAfter.reversed - chargesBefore.reversed);
      const accepted = window.accepted.length;
      const goodput = Math.round((accepted / options.seconds) * 10) / 10;
      const acceptedLatency = percentiles(window.accepted);
      const result: OverloadWindow = {
        arrangement: name,
        capacityPerSecond: capacity.perSecond,
        c1P50Ms: c1.p50Ms,
        offeredPerSecond,
        seconds: options.seconds,
        offered: window.offered,
        accepted,
        goodputPerSecond: goodput,
        goodputShare: Math.round((goodput / capacity.perSecond) * 100) / 100,
        acceptedLatency,
        acceptedP99OverC1P50: Math.round((acceptedLatency.p99Ms / Math.max(0.1, c1.p50Ms)) * 10) / 10,
        refused: window.refused.length,
        refusedLatency: percentiles(window.refused),
        deadlineDropped: window.deadlineDropped,
        timedOut: window.timedOut,
        otherFailures: window.other,
        charged,
        chargedNotReceived: Math.max(0, charged - accepted),
        livez: percentiles(window.livez),
      };
      say(
        `  goodput ${goodput}/s (${result.goodputShare} of capacity), accepted p99 ${acceptedLatency.p99Ms} ms (${result.acceptedP99OverC1P50}× c1 p50), ` +
          `refused ${result.refused} (p99 ${result.refusedLatency.p99Ms} ms), dropped at deadline ${result.deadlineDropped}, timed out ${result.timedOut}, ` +
          `charged ${charged} for ${accepted} answers, /livez p99 ${result.livez.p99Ms} ms`,
      );
      windows.push(result);
    } finally {
      await arrangement.stop();
      await dropBenchDatabase(options.clusterUrl, database);
    }
  }
  return windows;
}

interface OpenLoopResult {
  readonly offered: number;
  readonly accepted: number[];
  readonly refused: number[];
  readonly deadlineDropped: number;
  readonly timedOut: number;
  readonly other: Record<string, number>;
  readonly livez: number[];
}

/** Calls arriving at a steady rate whatever the answers (open loop), each its own caller with a 5 s patience. */
async function openLoop(options: { base: string; keys: readonly string[]; perSecond: number; seconds: number; probe: string }): Promise<OpenLoopResult> {
  const accepted: number[] = [];
  const refused: number[] = [];
  const livez: number[] = [];
  const other: Record<string, number> = {};
  let deadlineDropped = 0;
  let timedOut = 0;
  const calls: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(options.perSecond * options.seconds);
  let probing = true;
  const probes = (async () => {
    while (probing) {
      const at = performance.now();
      const ok = await fetch(options.probe, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) livez.push(performance.now() - at);
      else other.livez_failed = (other.livez_failed ?? 0) + 1;
      await delay(50);
    }
  })();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.perSecond;
    const wait = due - performance.now();
    if (wait > 1) await delay(wait);
    const key = options.keys[i % options.keys.length]!;
    calls.push(
      (async () => {
        const at = performance.now();
        try {
          const response = await fetch(`${options.base}/sentiment`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, 'X-Request-Timeout': String(CALLER_TIMEOUT_S) },
            body: JSON.stringify({ text: REVIEW }),
            signal: AbortSignal.timeout(CALLER_TIMEOUT_S * 1000),
          });
          const body = (await response.json().catch(() => ({}))) as { code?: string };
          const ms = performance.now() - at;
          if (response.status === 200) accepted.push(ms);
          else if (body.code === 'overloaded') refused.push(ms);
          else if (body.code === 'deadline_exceeded') deadlineDropped++;
          else other[`${response.status} ${body.code ?? ''}`] = (other[`${response.status} ${body.code ?? ''}`] ?? 0) + 1;
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') timedOut++;
          else other[(error as Error).name] = (other[(error as Error).name] ?? 0) + 1;
        }
      })(),
    );
  }
  await Promise.all(calls);
  probing = false;
  await probes;
  return { offered: total, accepted, refused, deadlineDropped, timedOut, other, livez };
}

/** Charges settled and charges given back (a caller gone after a quick call) so far in the bench's database. */
async function chargeCounts(clusterUrl: string, database: string): Promise<{ settled: number; reversed: number }> {
  const client = new pg.Client({ connectionString: withDatabase(clusterUrl, database) });
  await client.connect();
  try {
    const { rows } = await client.query<{ type: string; n: string }>(
      `select type, count(*) as n from events where type in ('ChargeSettled', 'ChargeReversed') group by type`,
    );
    const count = (type: string) => Number(rows.find((row) => row.type === type)?.n ?? 0);
    return { settled: count('ChargeSettled'), reversed: count('ChargeReversed') };
  } finally {
    await client.end();
  }
}

export function printOverload(windows: readonly OverloadWindow[], say: Say): void {
  for (const w of windows) {
    say(
      `${w.arrangement}: capacity ${w.capacityPerSecond}/s, offered ${w.offeredPerSecond}/s × ${w.seconds} s = ${w.offered}: ` +
        `goodput ${w.goodputPerSecond}/s = ${w.goodputShare} × capacity; accepted p50/p99 ${w.acceptedLatency.p50Ms}/${w.acceptedLatency.p99Ms} ms ` +
        `(${w.acceptedP99OverC1P50}× c1 p50 ${w.c1P50Ms} ms); refused ${w.refused} (p99 ${w.refusedLatency.p99Ms} ms); ` +
        `deadline ${w.deadlineDropped}; timed out ${w.timedOut}; other ${JSON.stringify(w.otherFailures)}; charged ${w.charged}, ` +
        `charged but not received ${w.chargedNotReceived}; /livez p50/p99 ${w.livez.p50Ms}/${w.livez.p99Ms} ms`,
    );
  }
}
