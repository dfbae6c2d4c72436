import { reciprocalRankFusion } from './reciprocalRankFusion';

describe('reciprocal rank fusion', () => {
  it('puts an id ranked well in both lists above one ranked first in only one', () => {
    const fused = reciprocalRankFusion([
      ['words-first', 'both', 'words-only'],
      ['meaning-first', 'both'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['both', 'words-first', 'meaning-first', 'words-only']);
  });

  it('scores 1 for an id first in every list, less otherwise', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b'],
      ['a', 'c'],
    ]);
    expect(fused[0]).toEqual({ id: 'a', score: 1 });
    expect(fused[1]!.score).toBeLessThan(0.5);
  });

  it('keeps the first-seen order between equal scores', () => {
    expect(reciprocalRankFusion([['x'], ['y']]).map((f) => f.id)).toEqual(['x', 'y']);
  });
});
