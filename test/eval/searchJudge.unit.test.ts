import { judgeTopThree } from './searchJudge';

describe('a search case judged on its top 3', () => {
  it('is right when an expected item is among the first three, wrong when it is fourth', () => {
    const hits = ['a', 'b', 'c', 'd'].map((id) => ({ id, similarity: 0.5 }));
    expect(judgeTopThree(['c'], hits, 0.3).correct).toBe(true);
    const fourth = judgeTopThree(['d'], hits, 0.3);
    expect(fourth.correct).toBe(false);
    expect(fourth.detail).toContain('expected one of ["d"]');
  });

  it('takes a query nothing fits as right when nothing is near it by the search’s threshold, or nothing is found', () => {
    expect(judgeTopThree([], [], 0.3)).toMatchObject({ correct: true, judgments: [{ abstained: true }] });
    expect(judgeTopThree([], [{ id: 'chance word', similarity: 0.05 }], 0.3).correct).toBe(true);
    expect(judgeTopThree([], [{ id: 'near', similarity: 0.31 }], 0.3).correct).toBe(false);
    // Found by words with no vector to say how near: the search cannot tell it is weak, so it is not.
    expect(judgeTopThree([], [{ id: 'unembedded', similarity: null }], 0.3).correct).toBe(false);
  });
});
