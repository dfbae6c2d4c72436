import { HttpError } from '../errors/httpErrors';
import { Admission } from './admission';
import { GradientLimit } from './gradientLimit';

describe('GradientLimit', () => {
  it('grows towards its maximum while latency stays at its average, the limit in use', () => {
    const limit = new GradientLimit({ initial: 8, min: 2, max: 64 });
    for (let i = 0; i < 200; i++) limit.sample(20, limit.limit);
    expect(limit.limit).toBe(64);
  });

  it('shrinks when latency rises well above what a call takes alone (work queues somewhere), and never below its minimum', () => {
    const limit = new GradientLimit({ initial: 32, min: 4, max: 64 });
    limit.sample(20, 1);
    for (let i = 0; i < 100; i++) limit.sample(20, limit.limit);
    const before = limit.limit;
    for (let i = 0; i < 30; i++) limit.sample(200, limit.limit);
    expect(limit.limit).toBeLessThan(before / 2);
    // A sustained overload never becomes the new normal: the limit stays at its minimum however long it lasts.
    for (let i = 0; i < 2000; i++) limit.sample(2000, limit.limit);
    expect(limit.limit).toBe(4);
    expect(limit.baselineMs).toBe(20);
  });

  it('settles where latency stays within its tolerance of the no-load latency', () => {
    // A service whose latency is 20 ms alone and grows by 5 ms for each call in flight beyond the first.
    const limit = new GradientLimit({ initial: 4, min: 2, max: 256 });
    limit.sample(20, 1);
    for (let i = 0; i < 3000; i++) limit.sample(20 + 5 * (limit.limit - 1), limit.limit);
    // Twice the no-load latency (40 ms) is 5 in flight: the limit stays near there, with its queue allowance.
    expect(limit.limit).toBeGreaterThanOrEqual(4);
    expect(limit.limit).toBeLessThanOrEqual(12);
  });

  it('learns nothing from samples taken while the limit was far from used', () => {
    const limit = new GradientLimit({ initial: 32, min: 4, max: 64 });
    limit.sample(20, 1);
    for (let i = 0; i < 50; i++) limit.sample(500, 2);
    expect(limit.limit).toBe(32);
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

  it('takes back a place whose release never came, after its lease', () => {
    const gate = admission();
    gate.admit('a', 'local');
    gate.admit('b', 'local');
    now += 61_000;
    gate.admit('c', 'local');
    expect(gate.state().pools.local.inFlight).toBe(1);
  });
});
