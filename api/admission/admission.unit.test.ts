import { HttpError } from '../errors/httpErrors';
import { Admission } from './admission';
import { GradientLimit } from './gradientLimit';

describe('GradientLimit', () => {
  /** Feeds samples 10 ms apart from `at`, each from `latency(limit)` with the limit in use; returns the time after them. */
  function feed(limit: GradientLimit, count: number, latency: (inUse: number) => number, at: number): number {
    for (let i = 0; i < count; i++) limit.sample(latency(limit.limit), limit.limit, (at += 10));
    return at;
  }

  it('grows towards its maximum while calls stay as fast as the fastest, the limit in use', () => {
    const limit = new GradientLimit({ initial: 8, min: 2, max: 64 });
    feed(limit, 400, () => 20, 0);
    expect(limit.limit).toBe(64);
  });

  it('shrinks when calls take well over the fastest of the window (work queues somewhere), and never below its minimum', () => {
    const limit = new GradientLimit({ initial: 32, min: 4, max: 64 });
    let at = feed(limit, 100, () => 20, 0);
    const before = limit.limit;
    at = feed(limit, 30, () => 200, at);
    expect(limit.limit).toBeLessThan(before / 2);
    // However long the overload lasts within the window, the fastest call of it stands: the limit stays at its minimum.
    feed(limit, 2000, (inUse) => (inUse <= 4 ? 200 : 2000), at);
    expect(limit.limit).toBe(4);
  });

  it("does not let an overload become the new normal: the no-queue latency is the window's fastest call, not an average", () => {
    const limit = new GradientLimit({ initial: 16, min: 2, max: 64, windowMs: 30_000 });
    // Quiet: one call at a time, 30 ms each.
    let at = feed(limit, 50, () => 30, 0);
    // Then 20 s of overload in which every call takes 250–300 ms (the old rule, learning from calls admitted with two or
    // fewer in flight, let its no-load latency climb to 280 ms here, and the limit to 50).
    at = feed(limit, 2000, (inUse) => 250 + 50 * Math.min(1, inUse / 8), at);
    expect(limit.baselineMs).toBe(30);
    expect(limit.limit).toBe(2);
    // A deployment whose calls really became slower is followed once the window has passed.
    feed(limit, 4000, () => 250, at);
    expect(limit.baselineMs).toBe(250);
    expect(limit.limit).toBeGreaterThan(2);
  });

  it('settles where latency stays within its tolerance of the no-queue latency', () => {
    // A service whose calls take 20 ms with nothing ahead of them and 5 ms more for each call ahead: with L in flight,
    // calls meet 0 … L−1 ahead in turn, 20 + 2.5·(L−1) ms on average.
    const limit = new GradientLimit({ initial: 4, min: 2, max: 256 });
    let i = 0;
    feed(limit, 3000, (inUse) => 20 + 5 * (i++ % inUse), 0);
    // Twice the no-queue latency (40 ms on average) is 9 in flight: the limit stays near there.
    expect(limit.baselineMs).toBe(20);
    expect(limit.limit).toBeGreaterThanOrEqual(6);
    expect(limit.limit).toBeLessThanOrEqual(12);
  });

  it('decays towards twice the calls in flight lately while it is far from used, so a surge is not admitted all at once', () => {
    const limit = new GradientLimit({ initial: 16, min: 2, max: 64 });
    // One caller at a time, however fast: the limit of 16 says nothing about latency at 16 in flight.
    for (let i = 0, at = 0; i < 200; i++) limit.sample(20, 1, (at += 10));
    expect(limit.limit).toBe(2);
    const other = new GradientLimit({ initial: 16, min: 2, max: 64 });
    for (let i = 0, at = 0; i < 200; i++) other.sample(20, 1 + (i % 5), (at += 10));
    expect(other.limit).toBe(10);
  });
});

describe('Admission', () => {
  let now = 0;
  const refused: string[] = [];
  const admission = () =>
    new Admission({ initial: 2, min: 2, max: 2, retryAfterSeconds: 1, slotLeaseMs: 60_000, now: () => now, onRefused: (pool) => refused.push(pool) });

  it('admits calls up to the limit of their pool, refuses the next at once with 503 overloaded and Retry-After, and admits again once one ends', () => {
    const gate = admission();
    gate.admit('a', 'local');
    gate.admit('b', 'local');
    let error: unknown;
    try {
      gate.admit('c', 'local');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect((error as HttpError).code).toBe('overloaded');
    expect((error as HttpError).headers['Retry-After']).toBe('1');
    expect((error as HttpError).body()).toMatchObject({ code: 'overloaded', retry_after: 1 });
    expect(refused).toEqual(['local']);
    // The other pool has its own places.
    gate.admit('d', 'upstream');
    gate.release('a', { upstreamMs: 0 });
    gate.admit('c', 'local');
    expect(gate.state().pools).toMatchObject({ local: { inFlight: 2 }, upstream: { inFlight: 1 } });
  });

  it('says it is shedding for a while after a refusal, then not', () => {
    const gate = admission();
    gate.admit('a', 'upstream');
    gate.admit('b', 'upstream');
    expect(gate.shedding()).toBe(false);
    expect(() => gate.admit('c', 'upstream')).toThrow(/at its limit/);
    expect(gate.shedding()).toBe(true);
    now += 6_000;
    expect(gate.shedding()).toBe(false);
  });

  it('hands a place taken early to the call it became: released once, by the call; a ticket given back after that is a no-op', () => {
    const gate = admission();
    gate.admit('early-1', 'local');
    expect(gate.transfer('early-1', 'call-1', 'local')).toBe(true);
    gate.release('early-1');
    expect(gate.state().pools.local.inFlight).toBe(1);
    gate.release('call-1', {});
    expect(gate.state().pools.local.inFlight).toBe(0);
  });

  it('moves a place taken early to the pool the call really takes, or refuses the call when that one is full', () => {
    const gate = admission();
    gate.admit('early-1', 'local');
    expect(gate.transfer('early-1', 'call-1', 'upstream')).toBe(true);
    expect(gate.state().pools).toMatchObject({ local: { inFlight: 0 }, upstream: { inFlight: 1 } });
    gate.admit('call-2', 'upstream');
    gate.admit('early-3', 'local');
    expect(() => gate.transfer('early-3', 'call-3', 'upstream')).toThrow(/at its limit/);
    expect(gate.state().pools).toMatchObject({ local: { inFlight: 0 }, upstream: { inFlight: 2 } });
    // A ticket whose place was taken back (its lease ran out) holds nothing: the call is admitted afresh.
    expect(gate.transfer('early-unknown', 'call-4', 'local')).toBe(false);
  });

  it('takes back a place whose release never came, after its lease', () => {
    const gate = admission();
    gate.admit('a', 'local');
    gate.admit('b', 'local');
    now += 61_000;
    gate.admit('c', 'local');
    expect(gate.state().pools.local.inFlight).toBe(1);
  });
});
