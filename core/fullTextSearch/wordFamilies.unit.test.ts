import { americanSpelling, familyRoot, wordsOf } from './wordFamilies';

describe('word families for full-text search', () => {
  it('reads British spellings as American ones', () => {
    expect(['summarise', 'summarisation', 'colour', 'analysed', 'centre', 'catalogue'].map(americanSpelling)).toEqual([
      'summarize',
      'summarization',
      'color',
      'analyzed',
      'center',
      'catalog',
    ]);
    // Short words and words that only look British stay as they are.
    expect(['rise', 'four', 'noise'].map(americanSpelling)).toEqual(['rise', 'four', 'noise']);
  });

  it('gives one root to a family whose English stems differ (summar, summari, summaris)', () => {
    const roots = ['summarize', 'summarise', 'summary', 'summarization', 'summarizing'].map(familyRoot);
    expect(new Set(roots)).toEqual(new Set(['summar']));
    expect(familyRoot('translation')).toBe('transl');
    expect(familyRoot('translate')?.startsWith('transl')).toBe(true);
  });

  it('gives no root to short words, which would join unrelated ones', () => {
    expect(familyRoot('cat')).toBeNull();
    expect(familyRoot('runs')).toBeNull();
  });

  it('keeps each distinct word once, whatever its case or the punctuation around it', () => {
    expect(wordsOf('Summarize: summarize & SUMMARIZE!')).toEqual(['summarize']);
    expect(wordsOf(' :: ')).toEqual([]);
  });
});
