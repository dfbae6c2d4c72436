import { respelled, respellingLengths, withRespelling } from './respelling';

const vocabulary = new Set(['refund', 'refunds', 'broadband', 'invoice', 'invoices', 'flashcards', 'leave', 'from', 'form', 'translate']);

describe('a query respelled from a collection’s own words', () => {
  it('reads a word the collection does not hold as its nearest word: a letter dropped, swapped or wrong', () => {
    expect(respelled('brodband', vocabulary)).toBe('broadband');
    expect(respelled('refnud', vocabulary)).toBe('refund');
    expect(respelled('invocie', vocabulary)).toBe('invoice');
    expect(respelled('flaschards please', vocabulary)).toBe('flashcards please');
  });

  it('keeps every nearest word when two are as near', () => {
    expect(respelled('invoicez', vocabulary)).toBe('invoice invoices');
  });

  it('leaves known words, short words, far words and a different first letter alone', () => {
    expect(respelled('refund', vocabulary)).toBeNull();
    expect(respelled('frm', vocabulary)).toBeNull(); // too short to tell "from" from "form"
    expect(respelled('holiday', vocabulary)).toBeNull();
    expect(respelled('nvoice', vocabulary)).toBeNull();
  });

  it('reads only the word lengths a typo of the query may stand for', () => {
    expect(respellingLengths('a refnud')).toEqual({ min: 4, max: 8 });
    expect(respellingLengths('tax')).toBeNull();
  });
});

describe('a search run again respelled', () => {
  const hit = (rank: number) => ({ rank, exact: false });

  it('runs again only when no word matched, with the respelled query, and reads the vocabulary only then', async () => {
    const asked: string[] = [];
    let reads = 0;
    const search = (text: string) => (asked.push(text), Promise.resolve(text === 'refund' ? [hit(0.5)] : [hit(0)]));
    const words = () => (reads++, Promise.resolve(vocabulary));
    expect(await withRespelling('refnud', search, words)).toEqual([hit(0.5)]);
    expect(asked).toEqual(['refnud', 'refund']);
    asked.length = 0;
    await withRespelling('refund', search, words);
    expect(asked).toEqual(['refund']);
    expect(reads).toBe(1);
  });

  it('keeps the first answer when nothing could be respelled', async () => {
    const search = () => Promise.resolve([hit(0)]);
    expect(await withRespelling('zzzzzz', search, () => Promise.resolve(vocabulary))).toEqual([hit(0)]);
  });
});
