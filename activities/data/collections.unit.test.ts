import { JOKES } from './jokeCollection';
import { QUOTES } from './quoteCollection';
import { pick } from './randomPick';

describe('bundled jokes and quotations', () => {
  it('gives every entry its source', () => {
    for (const entry of [...JOKES, ...QUOTES]) expect(entry.source.trim().length).toBeGreaterThan(5);
    for (const quote of QUOTES) expect(quote.author.trim()).not.toBe('');
    expect(new Set(JOKES.map((j) => j.category))).toEqual(new Set(['programming', 'science', 'general']));
  });

  it('picks the same entry for the same seed, and can reach every entry', () => {
    expect(pick(QUOTES, 5)).toBe(pick(QUOTES, 5 + QUOTES.length));
    expect(new Set(QUOTES.map((_, i) => pick(QUOTES, i))).size).toBe(QUOTES.length);
    expect(pick([], 1)).toBeUndefined();
  });
});
