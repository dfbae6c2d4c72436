import type { HttpError } from '../errors/httpErrors';
import { Admission } from './admission';
import { CallerShares } from './callerShares';

describe('CallerShares', () => {
  it('gives a caller alone the whole limit, and shares it among the callers seen lately, rounded up', () => {
    const shares = new CallerShares(2000);
    shares.seen('a', 0);
    expect(shares.share(3)).toBe(3);
    shares.seen('b', 100);
    expect(shares.share(3)).toBe(2);
    shares.seen('c', 200);
    shares.seen('d', 300);
    expect(shares.share(3)).toBe(1);
    // Callers not seen for the window are no longer using the pool.
    shares.seen('a', 2250);
    expect(shares.active).toBe(2);
    expect(shares.share(3)).toBe(2);
  });

  it('counts the places each caller holds, and keeps a caller whose call just ended as using the pool', () => {
    const shares = new CallerShares(2000);
    shares.take('a');
    shares.take('a');
    expect(shares.held('a')).toBe(2);
    shares.give('a', 5000);
    expect(shares.held('a')).toBe(1);
    expect(shares.active).toBe(1);
  });
});

describe('Admission with shares', () => {
  let now = 0;
  const admission = () =>
    new Admission({ initial: 3, min: 3, max: 3, retryAfterSeconds: 1, slotLeaseMs: 60_000, shareAmongCallersSeenMs: 2000, now: () => now });
  const refusal = (run: () => void): HttpError => {
    try {
      run();
    } catch (error) {
      return error as HttpError;
    }
    throw new Error('not refused');
  };

  /** Key a holds two of three places; key b has just used the pool (its call ended). */
  const twoOfThreeHeldBesideANeighbour = () => {
    const gate = admission();
    gate.admit('a1', 'local', undefined, 'key-a');
    gate.admit('a2', 'local', undefined, 'key-a');
    gate.admit('b1', 'local', undefined, 'key-b');
    gate.release('b1', {});
    return gate;
  };

  it('lets a caller alone take every place, but not the last one while another caller is using the pool', () => {
    const gate = admission();
    gate.admit('a1', 'local', undefined, 'key-a');
    gate.admit('a2', 'local', undefined, 'key-a');
    gate.admit('a3', 'local', undefined, 'key-a');
    gate.release('a3', {});
    // Another caller arrives: a place is free, and it takes it.
    gate.admit('b1', 'local', undefined, 'key-b');
    gate.release('b1', {});
    // The first caller holds two of three, its share while the other is about: the free place is left for that one.
    const refused = refusal(() => gate.admit('a4', 'local', undefined, 'key-a'));
    expect(refused.status).toBe(503);
    expect(refused.code).toBe('overloaded');
    expect(refused.message).toMatch(/shared among the 2 callers/);
    gate.admit('b2', 'local', undefined, 'key-b');
    expect(gate.state().pools.local.inFlight).toBe(3);
  });

  it('says a caller beyond its share has no room even with places free (a repeat collecting its answer is let through on that)', () => {
    const gate = twoOfThreeHeldBesideANeighbour();
    expect(gate.hasRoom('local')).toBe(true);
    expect(gate.hasRoom('local', 'key-b')).toBe(true);
    expect(gate.hasRoom('local', 'key-a')).toBe(false);
    gate.admit('b2', 'local', undefined, 'key-b');
    expect(gate.hasRoom('local')).toBe(false);
  });

  it('gives the first caller the whole limit again once the other has not been seen for the window', () => {
    const gate = twoOfThreeHeldBesideANeighbour();
    expect(() => gate.admit('a3', 'local', undefined, 'key-a')).toThrow(/shared/);
    now += 2500;
    gate.admit('a3', 'local', undefined, 'key-a');
    expect(gate.state().pools.local.inFlight).toBe(3);
  });

  it('moves a caller’s place with its call to the other pool, and frees it there when the call ends', () => {
    const gate = admission();
    gate.admit('early-1', 'local', undefined, 'key-a');
    gate.transfer('early-1', 'call-1', 'upstream');
    gate.admit('a2', 'upstream', undefined, 'key-a');
    gate.admit('b1', 'upstream', undefined, 'key-b');
    gate.release('b1', {});
    expect(() => gate.admit('a3', 'upstream', undefined, 'key-a')).toThrow(/you hold 2/);
    gate.release('call-1', {});
    gate.admit('a3', 'upstream', undefined, 'key-a');
    expect(gate.state().pools).toMatchObject({ local: { inFlight: 0 }, upstream: { inFlight: 2 } });
  });
});
