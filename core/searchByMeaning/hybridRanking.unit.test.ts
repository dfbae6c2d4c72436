import { hybridRanking } from './hybridRanking';

const options = { threshold: 0.3, byMeaning: true, limit: 10 };

describe('the hybrid order', () => {
  it('does not put a row below others only because its vector is not made yet', () => {
    const ranked = hybridRanking(
      [
        { id: 'pending', rank: 0.9, similarity: null, exact: false },
        { id: 'embedded', rank: 0.5, similarity: 0.8, exact: false },
      ],
      options,
    );
    expect(ranked.map((r) => r.id)).toEqual(['pending', 'embedded']);
  });

  it('lets meaning lift a row the words rank lower once both have vectors', () => {
    const ranked = hybridRanking(
      [
        { id: 'words', rank: 0.9, similarity: 0.31, exact: false },
        { id: 'meaning', rank: 0.5, similarity: 0.9, exact: false },
        { id: 'only-meaning', rank: 0, similarity: 0.85, exact: false },
      ],
      options,
    );
    expect(ranked[0]!.id).toBe('meaning');
    expect(ranked.map((r) => r.id)).toContain('only-meaning');
  });

  it('keeps an exact name first', () => {
    const ranked = hybridRanking(
      [
        { id: 'near', rank: 0.9, similarity: 0.9, exact: false },
        { id: 'named', rank: 0.1, similarity: 0.2, exact: true },
      ],
      options,
    );
    expect(ranked[0]!.id).toBe('named');
  });
});
