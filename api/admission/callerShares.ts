/**
 * Who is using one pool: each caller's places in flight, and the callers seen lately (a call admitted, refused or
 * ended). A caller's share is the pool's limit divided among those, rounded up: one key fanning out 32 calls holds
 * every place of a replica while another caller's calls are refused (that neighbour met a refusal on most calls),
 * so while another caller is using the pool, none may hold more than its share, and the places it leaves are there
 * for the rest. A caller alone has the whole limit. Max-min fairness without a queue: a refused call is refused at
 * once, as any other.
 */
export class CallerShares {
  private readonly inFlight = new Map<string, number>();
  /** Caller → when last seen, oldest first (re-inserted when seen), so the stale ones are dropped from the front. */
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly activeMs: number) {}

  seen(caller: string, now: number): void {
    this.lastSeen.delete(caller);
    this.lastSeen.set(caller, now);
    for (const [other, at] of this.lastSeen) {
      if (at >= now - this.activeMs) break;
      this.lastSeen.delete(other);
    }
  }

  /** The most places one caller may hold of `limit`, shared among the callers seen lately. */
  share(limit: number): number {
    return Math.max(1, Math.ceil(limit / Math.max(1, this.lastSeen.size)));
  }

  held(caller: string): number {
    return this.inFlight.get(caller) ?? 0;
  }

  /** Callers seen lately. */
  get active(): number {
    return this.lastSeen.size;
  }

  take(caller: string): void {
    this.inFlight.set(caller, this.held(caller) + 1);
  }

  give(caller: string, now: number): void {
    const held = this.held(caller) - 1;
    if (held > 0) this.inFlight.set(caller, held);
    else this.inFlight.delete(caller);
    // A caller whose call just ended is still using the pool (its next call is likely on its way).
    this.seen(caller, now);
  }
}
