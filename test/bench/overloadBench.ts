import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { withDatabase } from '../../scripts/services/databaseUrl';
import type { Say } from '../../scripts/services/processes';
import {
  benchEnv,
  checkpoint,
  dropBenchDatabase,
  freePort,
  freshMigratedDatabase,
  fundedKeys,
  paidSentimentLoad,
  REVIEW,
  startArrangement,
} from './arrangement';
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
  /** p99 of one caller alone (ms): the spread a call has with nothing queued. */
  readonly c1P99Ms: number;
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
  /** The accepted calls' time inside the API (Server-Timing's total): the rest of their latency is before it saw them. */
  readonly acceptedInServer: Percentiles;
  /**
   * 128 callers in a closed loop for 10 s after the window, each sending its next call as soon as it has an answer or a
   * refusal (no backing off): what the replica answers, and its liveness probe meanwhile.
   */
  readonly crowd: { readonly callers: number; readonly answersPerSecond: number; readonly refusedPerSecond: number; readonly livez: Percentiles };
  /** One key on 32 connections that never waits, beside one caller of another key that waits as asked (neighbourWindow). */
  readonly neighbour: {
    readonly heavyAnswersPerSecond: number;
    readonly heavyRefusedPerSecond: number;
    readonly politeCalls: number;
    readonly politeRefusals: number;
    /** The polite caller's calls end to end, its waits and retries included. */
    readonly politeLatency: Percentiles;
  };
  /** Cores the bench's own callers used through the window (they share the machine with what they measure). */
  readonly callersCores: number;
  /** The local pool's admission limit and calls in flight, read from /metrics every 500 ms through the window. */
  readonly admission: { readonly limitMean: number; readonly limitMin: number; readonly limitMax: number; readonly inFlightMean: number };
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
    // The overload window runs with the deployment's admission (benchEnv turns it off for the cost windows), unless the
    // caller set one; capacity and one caller's latency are measured with it off, so they are the arrangement's own.
    const { ADMISSION_INITIAL_LIMIT: off, ...env } = benchEnv({
      databaseUrl,
      temporalAddress: options.temporalAddress,
      taskQueue: `overload-${Date.now().toString(36)}`,
      port,
    });
    if (process.env.ADMISSION_INITIAL_LIMIT !== undefined) env.ADMISSION_INITIAL_LIMIT = off;
    // /metrics on the API's port, to follow the admission limit through the window.
    env.METRICS_TOKEN = 'overload-bench';
    const base = `http://127.0.0.1:${port}`;
    const name = embedded ? 'embeddedWorker' : 'apiAlone';
    const start = (admission: NodeJS.ProcessEnv) =>
      startArrangement({ embedded, compiled: options.compiled, env: admission, base, say, apiEnv: { PROBE_PORT: String(probePort) } });
    say(`overload, arrangement ${name}: starting with admission control off, to measure its capacity`);
    let arrangement = await start({ ...env, ADMISSION_INITIAL_LIMIT: '0' });
    let keys: string[], capacity: { perSecond: number }, c1: Percentiles;
    try {
      keys = await fundedKeys(base, options.adminToken(env), 16);
      const load = paidSentimentLoad(base, keys, 16);
      say('  warming up, 5 s');
      await load(5);
      const closedLoop = await load(10);
      capacity = { perSecond: Math.round(((closedLoop.perSecond * 10 - closedLoop.non2xx) / 10) * 10) / 10 };
      c1 = await paidSentimentLoad(base, keys, 1)(5);
    } finally {
      await arrangement.stop();
    }
    const offeredPerSecond = Math.max(1, Math.round(capacity.perSecond * options.multiple));
    say(
      `  capacity ${capacity.perSecond} calls/s at 16 callers, one caller p50/p99 ${c1.p50Ms}/${c1.p99Ms} ms; ` +
        `restarting with admission control, offering ${offeredPerSecond}/s for ${options.seconds} s`,
    );
    // What the capacity windows wrote is written out before the overload window, not during it.
    await checkpoint(options.clusterUrl);
    arrangement = await start(env);
    try {
      // Ordinary traffic first: the limit learns what a call takes when nothing queues, as a replica would before a surge.
      await paidSentimentLoad(base, keys, 1)(5);
      // The warm-up's last call, cut off at its end, settles after it: counted before the window, not in it.
      await delay(2000);
      const chargesBefore = await chargeCounts(options.clusterUrl, database);
      const cpuBefore = process.cpuUsage();
      const window = await openLoop({
        base,
        keys,
        perSecond: offeredPerSecond,
        seconds: options.seconds,
        probe: `http://127.0.0.1:${probePort}/livez`,
        metrics: { url: `${base}/metrics`, token: env.METRICS_TOKEN },
      });
      const cpu = process.cpuUsage(cpuBefore);
      const callersCores = Math.round(((cpu.user + cpu.system) / 1e6 / options.seconds) * 100) / 100;
      // Calls still running when their callers left end within a few seconds (refunded or, answered, charged).
      await delay(CALLER_TIMEOUT_S * 1000 + 3000);
      const chargesAfter = await chargeCounts(options.clusterUrl, database);
      const crowd = await crowdWindow(base, keys, `http://127.0.0.1:${probePort}/livez`);
      const neighbour = await neighbourWindow(base, keys[0]!, keys[1]!);
      const charged = chargesAfter.settled - chargesBefore.settled - (chargesAfter.reversed - chargesBefore.reversed);
      const accepted = window.accepted.length;
      const goodput = Math.round((accepted / options.seconds) * 10) / 10;
      const acceptedLatency = percentiles(window.accepted);
      const result: OverloadWindow = {
        arrangement: name,
        capacityPerSecond: capacity.perSecond,
        c1P50Ms: c1.p50Ms,
        c1P99Ms: c1.p99Ms,
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
        acceptedInServer: percentiles(window.acceptedInServer),
        callersCores,
        crowd,
        neighbour,
        admission: summarizeAdmission(window.admission),
      };
      say(
        `  goodput ${goodput}/s (${result.goodputShare} of capacity), accepted p99 ${acceptedLatency.p99Ms} ms (${result.acceptedP99OverC1P50}× c1 p50), ` +
          `refused ${result.refused} (p99 ${result.refusedLatency.p99Ms} ms), dropped at deadline ${result.deadlineDropped}, timed out ${result.timedOut}, ` +
          `charged ${charged} for ${accepted} answers, /livez p99 ${result.livez.p99Ms} ms; ` +
          `accepted in the API p50/p99 ${result.acceptedInServer.p50Ms}/${result.acceptedInServer.p99Ms} ms; local limit mean ${result.admission.limitMean} ` +
          `(${result.admission.limitMin}–${result.admission.limitMax}), in flight mean ${result.admission.inFlightMean}; the callers used ${callersCores} cores; ` +
          `${CROWD} callers in a closed loop: ${crowd.answersPerSecond} answers/s, ${crowd.refusedPerSecond} refused/s, /livez p50/p99 ${crowd.livez.p50Ms}/${crowd.livez.p99Ms} ms; ` +
          neighbourLine(neighbour),
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
  readonly acceptedInServer: number[];
  readonly admission: { limit: number; inFlight: number }[];
}

/** Calls arriving at a steady rate whatever the answers (open loop), each its own caller with a 5 s patience. */
async function openLoop(options: {
  base: string;
  keys: readonly string[];
  perSecond: number;
  seconds: number;
  probe: string;
  metrics: { url: string; token: string | undefined };
}): Promise<OpenLoopResult> {
  const accepted: number[] = [];
  const acceptedInServer: number[] = [];
  const admission: { limit: number; inFlight: number }[] = [];
  const refused: number[] = [];
  const other: Record<string, number> = {};
  let deadlineDropped = 0;
  let timedOut = 0;
  const calls: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(options.perSecond * options.seconds);
  const probe = pollLiveness(options.probe);
  const sampling = pollEvery(500, async () => {
    const text = await fetch(options.metrics.url, { headers: { Authorization: `Bearer ${options.metrics.token}` }, signal: AbortSignal.timeout(2000) }).then(
      (r) => r.text(),
      () => '',
    );
    const limit = gauge(text, 'toolgate_admission_limit');
    const inFlight = gauge(text, 'toolgate_admission_in_flight');
    if (limit !== undefined && inFlight !== undefined) admission.push({ limit, inFlight });
  });
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
          if (response.status === 200) {
            accepted.push(ms);
            const inServer = /total;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
            if (inServer !== undefined) acceptedInServer.push(Number(inServer));
          } else if (body.code === 'overloaded') refused.push(ms);
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
  const [liveness] = await Promise.all([probe.stop(), sampling.stop()]);
  if (liveness.failed > 0) other.livez_failed = liveness.failed;
  return { offered: total, accepted, refused, deadlineDropped, timedOut, other, livez: liveness.times, acceptedInServer, admission };
}

/** Connections of the neighbour window's heavy caller (one key). */
const HEAVY = 32;

/**
 * A noisy neighbour for 10 s (OverloadWindow.neighbour): one key on 32 connections in a closed loop, none of them
 * waiting after a refusal, beside one caller of another key making one call at a time as a well-behaved client does
 * (on 503 it waits its Retry-After and sends the call again with the same X-Request-Id). Whether the second gets its
 * share of the replica, and how long its calls take end to end, retries included.
 */
async function neighbourWindow(base: string, heavyKey: string, politeKey: string): Promise<OverloadWindow['neighbour']> {
  const heavy = paidSentimentLoad(base, [heavyKey], HEAVY)(10);
  const polite: number[] = [];
  let politeRefusals = 0;
  const end = performance.now() + 10_000;
  while (performance.now() < end) {
    const id = randomUUID();
    const at = performance.now();
    for (;;) {
      const response = await fetch(`${base}/sentiment`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${politeKey}`, 'X-Request-Id': id },
        body: JSON.stringify({ text: REVIEW }),
      });
      await response.arrayBuffer();
      if (response.status !== 503) break;
      politeRefusals++;
      await delay(Number(response.headers.get('retry-after') ?? 1) * 1000);
    }
    polite.push(performance.now() - at);
  }
  const load = await heavy;
  return {
    heavyAnswersPerSecond: Math.round(Math.max(0, load.perSecond * 10 - load.non2xx)) / 10,
    heavyRefusedPerSecond: Math.round(load.non2xx) / 10,
    politeCalls: polite.length,
    politeRefusals,
    politeLatency: percentiles(polite),
  };
}

/** Callers of the crowd window. */
const CROWD = 128;

/** 128 callers in a closed loop for 10 s (OverloadWindow.crowd), the liveness probe polled meanwhile. */
async function crowdWindow(base: string, keys: readonly string[], livez: string): Promise<OverloadWindow['crowd']> {
  const probe = pollLiveness(livez);
  const load = await paidSentimentLoad(base, keys, CROWD)(10);
  const liveness = await probe.stop();
  const answered = Math.max(0, load.perSecond * 10 - load.non2xx);
  return {
    callers: CROWD,
    answersPerSecond: Math.round(answered) / 10,
    refusedPerSecond: Math.round(load.non2xx) / 10,
    livez: percentiles(liveness.times),
  };
}

/** Polls a liveness probe every 50 ms (2 s patience each) until stopped: each answer's time, and how many failed. */
function pollLiveness(url: string): { stop: () => Promise<{ times: number[]; failed: number }> } {
  const times: number[] = [];
  let failed = 0;
  const polling = pollEvery(50, async () => {
    const at = performance.now();
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) times.push(performance.now() - at);
    else failed++;
  });
  return {
    stop: async () => {
      await polling.stop();
      return { times, failed };
    },
  };
}

/** Runs `poll` again `ms` after each run ends, until stopped (stop waits for the run under way). */
function pollEvery(ms: number, poll: () => Promise<void>): { stop: () => Promise<void> } {
  let polling = true;
  const done = (async () => {
    while (polling) {
      await poll();
      await delay(ms);
    }
  })();
  return {
    stop: async () => {
      polling = false;
      await done;
    },
  };
}

/** The local pool's value of a gauge in a /metrics text. */
function gauge(text: string, name: string): number | undefined {
  const value = new RegExp(`^${name}\\{pool="local"\\} ([\\d.]+)$`, 'm').exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

function summarizeAdmission(samples: readonly { limit: number; inFlight: number }[]): OverloadWindow['admission'] {
  if (samples.length === 0) return { limitMean: 0, limitMin: 0, limitMax: 0, inFlightMean: 0 };
  const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
  const limits = samples.map((s) => s.limit);
  return { limitMean: mean(limits), limitMin: Math.min(...limits), limitMax: Math.max(...limits), inFlightMean: mean(samples.map((s) => s.inFlight)) };
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
        `charged but not received ${w.chargedNotReceived}; /livez p50/p99 ${w.livez.p50Ms}/${w.livez.p99Ms} ms; ` +
        `${w.crowd.callers} closed-loop callers: ${w.crowd.answersPerSecond} answers/s, ${w.crowd.refusedPerSecond} refused/s, ` +
        `/livez p50/p99 ${w.crowd.livez.p50Ms}/${w.crowd.livez.p99Ms} ms; ${neighbourLine(w.neighbour)}`,
    );
  }
}

function neighbourLine(n: OverloadWindow['neighbour']): string {
  return (
    `one key on ${HEAVY} connections: ${n.heavyAnswersPerSecond} answers/s, ${n.heavyRefusedPerSecond} refused/s, beside it a caller that waits ` +
    `as asked: ${n.politeCalls} calls in 10 s, ${n.politeRefusals} refusals met, p50/p99 ${n.politeLatency.p50Ms}/${n.politeLatency.p99Ms} ms`
  );
}
