import { taskMatches } from './taskMatches';

const task = {
  title: 'Translate a product page',
  description: 'From German to English, about 800 words',
  tags: ['translation', 'german'],
  rewardMicros: 20_000,
};

describe('a task subscription filter', () => {
  it('matches every task when empty', () => {
    expect(taskMatches({}, task)).toBe(true);
  });

  it('matches any of its tags, at least its reward, and every word of its text', () => {
    expect(taskMatches({ tags: ['code', 'german'] }, task)).toBe(true);
    expect(taskMatches({ tags: ['code'] }, task)).toBe(false);
    expect(taskMatches({ minRewardMicros: 20_000 }, task)).toBe(true);
    expect(taskMatches({ minRewardMicros: 20_001 }, task)).toBe(false);
    expect(taskMatches({ q: 'German ENGLISH' }, task)).toBe(true);
    expect(taskMatches({ q: 'german french' }, task)).toBe(false);
  });

  it('needs every part it names to match', () => {
    expect(taskMatches({ tags: ['translation'], minRewardMicros: 50_000 }, task)).toBe(false);
    expect(taskMatches({ tags: ['translation'], q: 'product', minRewardMicros: 10_000 }, task)).toBe(true);
  });
});
