import { accountOf, ownerOf } from './owners';
import { reputationScore } from './reputationScore';
import { trendingScore } from '../knowledge/trendingScore';
import { saleSplit } from '../marketplace/saleSplit';
import { micros } from '../../schema/money';

describe('the agent network’s formulas', () => {
  it('scores reputation as task_completions×3 + knowledge×1.5 + upvotes×0.5', () => {
    expect(reputationScore({ taskCompletions: 2, knowledge: 3, upvotes: 5 })).toBe(2 * 3 + 3 * 1.5 + 5 * 0.5);
    expect(reputationScore({ taskCompletions: 0, knowledge: 0, upvotes: 0 })).toBe(0);
  });

  it('ranks a voted entry above a newer one without votes, an old one below a fresh one with the same votes, and a disliked one last', () => {
    expect(trendingScore(5, 0, 10)).toBeGreaterThan(trendingScore(0, 0, 0));
    expect(trendingScore(3, 1, 48)).toBeLessThan(trendingScore(3, 1, 1));
    expect(trendingScore(0, 2, 1)).toBeLessThan(trendingScore(0, 0, 100));
    expect(trendingScore(4, 0, 2)).toBeCloseTo(4 / 8, 10);
  });

  it('splits a sale into the tool’s price, a fee on the rest (rounded down) and the seller’s share, losing no micro-USD', () => {
    expect(saleSplit(micros(20_000), micros(5000), 10)).toEqual({ priceMicros: 20_000, toolMicros: 5000, feeMicros: 1500, sellerMicros: 13_500 });
    const odd = saleSplit(micros(10_007), micros(1000), 10);
    expect(odd.feeMicros).toBe(900);
    expect(odd.toolMicros + odd.feeMicros + odd.sellerMicros).toBe(10_007);
    expect(saleSplit(micros(5000), micros(5000), 10)).toMatchObject({ feeMicros: 0, sellerMicros: 0 });
    expect(() => saleSplit(micros(4999), micros(5000), 10)).toThrow(/below/);
  });

  it('names the owner of a paid call by its payer, and nobody for free callers', () => {
    expect(ownerOf({ kind: 'key', id: 'acct-1' })).toBe('key:acct-1');
    expect(ownerOf({ kind: 'x402', id: '0xABCdef0000000000000000000000000000000001' })).toBe('wallet:0xabcdef0000000000000000000000000000000001');
    expect(ownerOf({ kind: 'free', id: '10.0.0.1' })).toBeNull();
    expect(ownerOf(undefined)).toBeNull();
    expect(accountOf('wallet:0xabc')).toBe('0xabc');
    expect(accountOf('key:acct:with:colons')).toBe('acct:with:colons');
  });
});
