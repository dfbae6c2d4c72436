import { proofread } from './proofread';

const SLOPPY = 'this is a example of of bad writting.  We need to to fix it. i think it works.';
const CLEAN = 'The quarterly report is ready. Our team checked every figure, and the totals match the ledger.';

describe('proofread', () => {
  const r = proofread({ text: SLOPPY });
  const at = (original: string) => r.issues.find((i) => i.original === original);

  it('finds rule-based issues with positions that point at the offending text', () => {
    for (const issue of r.issues) expect(SLOPPY.slice(issue.start, issue.end)).toBe(issue.original);
    expect(at('a')).toMatchObject({ type: 'grammar', suggestions: ['an'] });
    expect(at('of of')).toMatchObject({ type: 'grammar' });
    expect(at('writting')?.suggestions).toContain('writing');
    expect(at('this')).toMatchObject({ type: 'capitalization', suggestions: ['This'] });
    expect(r.issues.some((i) => i.original === '  ')).toBe(true);
    expect(at('i')).toMatchObject({ suggestions: ['I'] });
  });

  it('applies the corrections it is sure of', () => {
    expect(r.corrected_text).toBe('This is an example of bad writing. We need to fix it. I think it works.');
  });

  it('gives careful prose a higher writing score than sloppy prose', () => {
    const clean = proofread({ text: CLEAN });
    expect(clean.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(clean.writing_score).toBeGreaterThan(r.writing_score);
    expect(clean.corrected_text).toBe(CLEAN);
  });
});
