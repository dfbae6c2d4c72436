import { setTimeout as delay } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';

export interface RetryPacingOptions {
  /** The Retry-After a refusal announces. */
  readonly retryAfterMs: number;
  /** The most refusals held at once (each a socket and a timer); past it, refusals go out at once. */
  readonly maxHeld: number;
  /** Told of every refusal held, for /metrics. */
  readonly onHeld?: () => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<unknown>;
}

/**
 * When each caller refused lately was told to come back (Retry-After). A caller refused again before then did not
 * wait — a loop retrying at once, a batch fanned out under one key — and gets that refusal when its time comes rather
 * than at once: a refusal held costs a timer, where one answered at once is answered again a moment later. 128 such
 * callers against a full replica were refused ~2,300 times a second, its CPU spent on refusals, and the calls it had
 * admitted starved (no answer in 10 s). A caller that waits as asked is never held, and nothing held is admitted
 * later: a held refusal is still a refusal (no queue, so admitted calls keep their latency). The caller is its
 * credentials as sent, or its address without them: who it is has not been checked yet (this runs before that, so a
 * refusal stays cheap), and a wrong guess only delays a refusal.
 */
export class RetryPacing {
  private readonly backOffUntil = new LRUCache<string, number>({ max: 100_000 });
  private held = 0;
  private readonly now: () => number;

  constructor(private readonly options: RetryPacingOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Resolves when the refusal of this caller's request may be sent: at once, or when its last Retry-After is up. */
  async refusal(caller: string): Promise<void> {
    const until = this.backOffUntil.get(caller);
    const wait = until === undefined ? 0 : until - this.now();
    if (wait > 0 && this.held < this.options.maxHeld) {
      this.held++;
      this.options.onHeld?.();
      try {
        await (this.options.sleep ?? delay)(wait);
      } finally {
        this.held--;
      }
    }
    this.backOffUntil.set(caller, this.now() + this.options.retryAfterMs);
  }

  /** Refusals waiting to be sent now. */
  get holding(): number {
    return this.held;
  }
}
