import { summarize } from './summarize';

describe('summarize (TextRank weighed by position and cues)', () => {
  it('keeps the point a report states first, not a later detail', () => {
    const r = summarize(
      'The city council voted on Tuesday to extend the tram line to the airport. The extension will add six stops and cost an estimated 240 million euros. ' +
        'Construction is expected to begin next spring. Opposition members argued the money would be better spent on buses.',
      'short',
    );
    expect(r.summary).toContain('tram line to the airport');
    expect(r.method).toBe('textrank-lead');
  });

  it('passes over a greeting to the point, and takes an announced conclusion', () => {
    const email = summarize(
      'Hi team, a quick reminder about next week. The deadline for the grant application has moved forward to Friday, so every section must be final by Wednesday. Priya will compile the document.',
      'short',
    );
    expect(email.summary).toContain('deadline');
    const review = summarize(
      'I have used the vacuum for three months. It is light and handles stairs easily. Overall it is the best vacuum I have owned, mainly because the suction on rugs is strong.',
      'short',
    );
    expect(review.summary).toMatch(/^Overall/);
  });
});
