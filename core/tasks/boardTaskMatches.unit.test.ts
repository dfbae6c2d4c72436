import { boardTaskMatches } from './boardTaskMatches';

const task = {
  title: 'Translate a product page',
  description: 'From German to English, about 800 words',
  tags: ['translation', 'german'],
  rewardMicros: 20_000,
};

describe('a task subscription filter', () => {
  it('matches every task when empty', () => {
    expect(boardTaskMatches({}, task)).toBe(true);
  });

  it('matches any of its tags, at least its reward, and every word of its text', () => {
    expect(boardTaskMatches({ tags: ['code', 'german'] }, task)).toBe(true);
    expect(boardTaskMatches({ tags: ['code'] }, task)).toBe(false);
    expect(boardTaskMatches({ minRewardMicros: 20_000 }, task)).toBe(true);
    expect(boardTaskMatches({ minRewardMicros: 20_001 }, task)).toBe(false);
    expect(boardTaskMatches({ q: 'German ENGLISH' }, task)).toBe(true);
    expect(boardTaskMatches({ q: 'german french' }, task)).toBe(false);
  });

  it('needs every part it names to match', () => {
    expect(boardTaskMatches({ tags: ['translation'], minRewardMicros: 50_000 }, task)).toBe(false);
    expect(boardTaskMatches({ tags: ['translation'], q: 'product', minRewardMicros: 10_000 }, task)).toBe(true);
  });
});
