import { ServiceUnavailable } from '../errors/httpErrors';
import { CallerShares } from './callerShares';
import { GradientLimit } from './gradientLimit';

/**
 * Which calls share a limit: `local` calls run their tool in the worker's own process (an offline tool, the quick
 * path: their cost is orchestration and CPU); `upstream` calls wait on a model provider, a data source, a page, a chain
 * of steps or a stream. Kept apart so calls waiting seconds on a provider never take the places of the quick ones,
 * and each limit learns its own latency.
 */
export type AdmissionPool = 'local' | 'upstream';

export interface AdmissionOptions {
  /** Where each limit starts, its bounds (AdmissionSettings). */
  readonly initial: number;
  readonly min: number;
  readonly max: number;
  /** Seconds a refused caller is asked to wait (Retry-After). */
  readonly retryAfterSeconds: number;
  /** How long after its last refusal this process says it is shedding (readiness). */
  readonly sheddingWindowMs?: number;
  /** A slot no release came for after this long is taken back (a caller path that lost it). */
  readonly slotLeaseMs: number;
  readonly now?: () => number;
  /** Told of every refusal, for /metrics. */
  readonly onRefused?: (pool: AdmissionPool) => void;
  /**
   * How long a caller counts as using a pool after its last call for it, for each caller's share of its places
   * (CallerShares); absent: no shares, first come first served.
   */
  readonly shareAmongCallersSeenMs?: number;
}

interface Slot {
  readonly pool: AdmissionPool;
  readonly admittedAt: number;
  /** When the request arrived (before it waited for this process's event loop), or its admission. */
  readonly arrivedAt: number;
  readonly inFlightThen: number;
  /** Who holds it (api/admission/callerTag.ts), when known. */
  readonly caller?: string;
}

export interface AdmissionState {
  readonly pools: Record<AdmissionPool, { readonly limit: number; readonly inFlight: number; readonly baselineMs: number | null }>;
  readonly shedding: boolean;
}

/**
 * This process's admission of paid calls: at most its adaptive limit of each pool in flight (GradientLimit), the
 * rest refused at once — 503 `overloaded` with Retry-After, before anything is reserved, charged or claimed (the
 * check runs in prepareCall before any balance read or x402 payment is taken). Not queued: a refused caller retries
 * here or on another replica, and an admitted one keeps its latency. Only the calls a caller waits for are counted;
 * collecting an answer by its request id, health, status, metrics, keys and top-ups never pass through here.
 */
export class Admission {
  private readonly limits: Record<AdmissionPool, GradientLimit>;
  private readonly slots = new Map<string, Slot>();
  private readonly counts: Record<AdmissionPool, number> = { local: 0, upstream: 0 };
  private readonly shares: Record<AdmissionPool, CallerShares> | undefined;
  private lastRefusal = -Infinity;
  private readonly now: () => number;

  constructor(private readonly options: AdmissionOptions) {
    const limit = () => new GradientLimit({ initial: options.initial, min: options.min, max: options.max });
    this.limits = { local: limit(), upstream: limit() };
    const seenMs = options.shareAmongCallersSeenMs;
    this.shares = seenMs === undefined ? undefined : { local: new CallerShares(seenMs), upstream: new CallerShares(seenMs) };
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * Takes a place for the call in its pool, or throws the 503 that refuses it. `arrivedAt` (this clock) is when its
   * request arrived: the latency the limit learns from counts what it waited before admission too, so a process whose
   * own event loop is the queue (its CPU saturated) lowers its limit like one whose workers are. A `caller` that
   * already holds its share of the pool while others use it is refused too, however many places are free.
   */
  admit(callId: string, pool: AdmissionPool, arrivedAt?: number, caller?: string): void {
    this.reclaimStale();
    if (this.slots.has(callId)) return;
    const now = this.now();
    const shares = caller === undefined ? undefined : this.shares?.[pool];
    shares?.seen(caller!, now);
    const inFlight = this.counts[pool];
    const limit = this.limits[pool].limit;
    if (inFlight >= limit) throw this.refuse(pool);
    if (shares && shares.held(caller!) >= shares.share(limit)) throw this.refuse(pool, { held: shares.held(caller!), callers: shares.active });
    this.counts[pool] = inFlight + 1;
    shares?.take(caller!);
    this.slots.set(callId, {
      pool,
      admittedAt: now,
      arrivedAt: Math.min(arrivedAt ?? now, now),
      inFlightThen: inFlight + 1,
      ...(caller === undefined ? {} : { caller }),
    });
  }

  /** Whether a call for the pool (from this caller, for its share) would be admitted now. */
  hasRoom(pool: AdmissionPool, caller?: string): boolean {
    this.reclaimStale();
    const limit = this.limits[pool].limit;
    if (this.counts[pool] >= limit) return false;
    const shares = caller === undefined ? undefined : this.shares?.[pool];
    return !shares || shares.held(caller!) < shares.share(limit);
  }

  /**
   * Hands a place taken early under a ticket (shedEarly, before the call's id and exact pool are known) to the call
   * it became, in the pool the call really takes: a call for the other pool moves there, or is refused if that one
   * is full. False when the ticket holds no place (it was taken back): the caller admits the call afresh.
   */
  transfer(ticket: string, callId: string, pool: AdmissionPool): boolean {
    const slot = this.slots.get(ticket);
    if (!slot) return false;
    this.slots.delete(ticket);
    let inFlightThen = slot.inFlightThen;
    if (slot.pool !== pool) {
      this.giveBack(slot);
      const inFlight = this.counts[pool];
      if (inFlight >= this.limits[pool].limit) throw this.refuse(pool);
      this.counts[pool] = inFlight + 1;
      if (slot.caller !== undefined) {
        this.shares?.[pool].seen(slot.caller, this.now());
        this.shares?.[pool].take(slot.caller);
      }
      inFlightThen = inFlight + 1;
    }
    // Admitted anew as far as the lease goes (and the map's order by admission, which reclaimStale relies on).
    this.slots.set(callId, { ...slot, pool, admittedAt: this.now(), inFlightThen });
    return true;
  }

  /** The refusal a call for a full pool, or beyond its caller's share, gets, counted (in /metrics, and for readiness's `shedding`). */
  private refuse(pool: AdmissionPool, share?: { held: number; callers: number }): ServiceUnavailable {
    this.lastRefusal = this.now();
    this.options.onRefused?.(pool);
    return overloaded(this.options.retryAfterSeconds, pool, this.limits[pool].limit, share);
  }

  /**
   * Gives the call's place back. A call that ended with an answer teaches its pool's limit its latency, less what it
   * waited on an upstream (a slow provider is not this service being busy); a refusal after admission (no credit)
   * teaches nothing.
   */
  release(callId: string, finished?: { readonly upstreamMs?: number }): void {
    const slot = this.slots.get(callId);
    if (!slot) return;
    this.slots.delete(callId);
    this.giveBack(slot);
    const now = this.now();
    if (finished) this.limits[slot.pool].sample(now - slot.arrivedAt - (finished.upstreamMs ?? 0), slot.inFlightThen, now);
  }

  /** Whether this process refused a call lately: readiness says so, and a load balancer sends traffic elsewhere. */
  shedding(): boolean {
    return this.now() - this.lastRefusal < (this.options.sheddingWindowMs ?? 5_000);
  }

  state(): AdmissionState {
    const pool = (name: AdmissionPool) => ({ limit: this.limits[name].limit, inFlight: this.counts[name], baselineMs: this.limits[name].baselineMs ?? null });
    return { pools: { local: pool('local'), upstream: pool('upstream') }, shedding: this.shedding() };
  }

  private reclaimStale(): void {
    const oldest = this.now() - this.options.slotLeaseMs;
    for (const [callId, slot] of this.slots) {
      if (slot.admittedAt >= oldest) break; // Map keeps insertion order: the rest are younger.
      this.slots.delete(callId);
      this.giveBack(slot);
    }
  }

  private giveBack(slot: Slot): void {
    this.counts[slot.pool]--;
    if (slot.caller !== undefined) this.shares?.[slot.pool].give(slot.caller, this.now());
  }
}

function overloaded(retryAfterSeconds: number, pool: AdmissionPool, limit: number, share?: { held: number; callers: number }): ServiceUnavailable {
  return new ServiceUnavailable(
    share
      ? `this replica's ${limit} places for ${pool} calls are shared among the ${share.callers} callers using them, and you hold ${share.held} already: the call was refused before anything was held`
      : `this replica is at its limit of ${limit} ${pool} calls in flight: the call was refused before anything was held`,
    retryAfterSeconds,
    'overloaded',
    {
      hint: `Nothing was reserved or charged. Retry after ${retryAfterSeconds} s (with the same Idempotency-Key, if you sent one).`,
    },
  );
}
