/**
 * A concurrency limit that follows measured latency, after Netflix's concurrency-limits (Gradient2, Vegas) and Envoy's
 * adaptive concurrency: the latency of a call that met no queue against the recent latency of calls. While recent
 * calls stay within `tolerance` of the no-queue latency the limit grows by one place at a time; when they rise past it
 * (work queues somewhere: this process's event loop, Temporal's task queue, PostgreSQL, the CPU they share) the limit
 * shrinks in proportion, so admitted calls keep their latency and the excess is refused at once instead of waiting.
 *
 * The no-queue latency is the fastest call of the last `windowMs` (TCP Vegas' and BBR's minimum round trip): under any
 * load some calls meet no queue, so the minimum stays near what a call costs while an average, or the latency of calls
 * that happened to run alone in this process, drifts up with the queue (measured: a no-load latency learned from calls
 * admitted with ≤ 2 in flight rose from 37 to 280 ms in a 20 s overload on a 2-core machine, and the limit with it, to
 * 20–50 in flight at 0.5–1.5 s each). Windowed, so a deployment whose calls really got slower (a slower database, a
 * heavier default) is followed within `windowMs`.
 *
 * A limit far above what is used says nothing about the latency at that limit, so it neither grows nor shrinks on
 * latency then; it decays towards twice the most calls in flight within the window (TCP's congestion window validation,
 * RFC 7661). Otherwise a replica serving one caller keeps the limit it started with (16), and a surge from one caller
 * to 4× capacity is admitted 16 at once on a machine whose knee is 3: measured, every call of its first 1.5 s took
 * ~1 s, refusals included. Pure: the caller feeds samples with their time and reads the limit.
 */
export interface GradientLimitOptions {
  readonly initial: number;
  readonly min: number;
  readonly max: number;
  /** How far above the no-queue latency recent calls may be before the limit shrinks (2: twice). */
  readonly tolerance?: number;
  /** How much of each new estimate the limit takes (0.2: a fifth). */
  readonly smoothing?: number;
  /** How long the fastest call seen stands as the no-queue latency (ms). */
  readonly windowMs?: number;
}

/** The recent latency follows each sample by this share: a few calls' worth, so one slow call does not halve the limit. */
const RECENT_WEIGHT = 0.2;

/** The window's minimum is kept per slice of it: this many slices, the oldest dropped as time passes. */
const SLICES = 10;

export class GradientLimit {
  private current: number;
  private recent: number | undefined;
  /** The fastest sample and the most calls in flight of each slice of the window, oldest first. */
  private readonly slices: { slice: number; ms: number; inFlight: number }[] = [];
  private readonly tolerance: number;
  private readonly smoothing: number;
  private readonly sliceMs: number;

  constructor(private readonly options: GradientLimitOptions) {
    this.current = options.initial;
    this.tolerance = options.tolerance ?? 2;
    this.smoothing = options.smoothing ?? 0.2;
    this.sliceMs = (options.windowMs ?? 30_000) / SLICES;
  }

  /** The number of calls that may be in flight now (whole, within the bounds). */
  get limit(): number {
    return Math.floor(this.current);
  }

  /** The latency (ms) of a call that met no queue: the fastest of the window (or of the last slice seen, once idle). */
  get baselineMs(): number | undefined {
    return this.slices.length === 0 ? undefined : Math.min(...this.slices.map((s) => s.ms));
  }

  /**
   * A call's latency (ms), how many were in flight when it was admitted (itself included), and when it ended (ms, the
   * admission's clock).
   */
  sample(latencyMs: number, inFlight: number, at: number): void {
    if (!(latencyMs > 0)) return;
    this.remember(latencyMs, inFlight, at);
    this.recent = this.recent === undefined ? latencyMs : this.recent + (latencyMs - this.recent) * RECENT_WEIGHT;
    if (inFlight < this.current / 2) {
      const used = Math.max(this.options.min, 2 * Math.max(...this.slices.map((s) => s.inFlight)));
      if (used < this.current) this.current += (used - this.current) * this.smoothing;
      return;
    }
    const gradient = Math.max(0.5, Math.min(1, (this.tolerance * this.baselineMs!) / this.recent));
    // One place of allowance (not Gradient2's √limit): on a few cores the knee is a handful of calls, and √limit of
    // queue at a limit of 4 already doubles every admitted call's wait.
    const estimate = this.current * gradient + 1;
    this.current = Math.min(this.options.max, Math.max(this.options.min, this.current * (1 - this.smoothing) + estimate * this.smoothing));
  }

  private remember(latencyMs: number, inFlight: number, at: number): void {
    const slice = Math.floor(at / this.sliceMs);
    const last = this.slices.at(-1);
    if (last?.slice === slice) {
      last.ms = Math.min(last.ms, latencyMs);
      last.inFlight = Math.max(last.inFlight, inFlight);
    } else this.slices.push({ slice, ms: latencyMs, inFlight });
    // Slices older than the window go; the newest always stays, so an idle spell keeps the last ones known.
    while (this.slices.length > 1 && this.slices[0]!.slice <= slice - SLICES) this.slices.shift();
  }
}
