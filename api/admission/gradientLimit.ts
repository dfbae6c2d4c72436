/**
 * A concurrency limit that follows measured latency, after Netflix's concurrency-limits (Gradient2) and Envoy's
 * adaptive concurrency: the latency a call takes when nothing queues (measured on calls that ran nearly alone) against
 * each new sample. While samples stay within `tolerance` of it the limit grows by a small queue allowance; when they
 * rise past it (work queues somewhere: this process's event loop, Temporal's task queue, PostgreSQL) the limit shrinks
 * in proportion, so admitted calls keep their latency and the excess is refused at once instead of waiting.
 *
 * The no-load latency is learned only from calls admitted with at most two in flight, so a sustained overload never
 * becomes the new normal (an average over all samples would drift up with the queue and let the limit grow back);
 * until such a call comes, the lowest latency seen stands in for it. Pure: the caller feeds samples and reads the limit.
 */
export interface GradientLimitOptions {
  readonly initial: number;
  readonly min: number;
  readonly max: number;
  /** How far above the no-load latency a sample may be before the limit shrinks (2: twice). */
  readonly tolerance?: number;
  /** How much of each new estimate the limit takes (0.2: a fifth). */
  readonly smoothing?: number;
}

/** Calls admitted with this many in flight (or fewer) ran nearly alone: their latency is the no-load latency. */
const ALONE = 2;

export class GradientLimit {
  private current: number;
  private noLoad: number | undefined;
  private fastest = Infinity;
  private readonly tolerance: number;
  private readonly smoothing: number;

  constructor(private readonly options: GradientLimitOptions) {
    this.current = options.initial;
    this.tolerance = options.tolerance ?? 2;
    this.smoothing = options.smoothing ?? 0.2;
  }

  /** The number of calls that may be in flight now (whole, within the bounds). */
  get limit(): number {
    return Math.floor(this.current);
  }

  /** The latency (ms) a call takes when nothing queues, as learned so far. */
  get baselineMs(): number | undefined {
    return this.noLoad ?? (Number.isFinite(this.fastest) ? this.fastest : undefined);
  }

  /** A call's latency (ms) and how many were in flight when it was admitted (itself included). */
  sample(latencyMs: number, inFlight: number): void {
    if (!(latencyMs > 0)) return;
    if (inFlight <= ALONE) this.noLoad = this.noLoad === undefined ? latencyMs : this.noLoad + (latencyMs - this.noLoad) / 20;
    this.fastest = Math.min(this.fastest, latencyMs);
    // A limit far above what is used says nothing about the latency at that limit: neither grow nor shrink on it.
    if (inFlight < this.current / 2) return;
    const gradient = Math.max(0.5, Math.min(1, (this.tolerance * this.baselineMs!) / latencyMs));
    const estimate = this.current * gradient + Math.sqrt(this.current);
    this.current = Math.min(this.options.max, Math.max(this.options.min, this.current * (1 - this.smoothing) + estimate * this.smoothing));
  }
}
