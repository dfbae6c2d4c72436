import { analyze } from './analyze';
import { buildChangelog } from '../code/changelog';

describe('offline /analyze', () => {
  it('finds praise beside complaints in a mixed review, with the sentences as evidence', () => {
    const result = analyze({ text: 'The app is wonderful and fast. Refunds are terribly slow and the support team is useless. Sales rose 12% in March.' });
    expect(result.sentiment.polarity).toBe('mixed');
    expect(result.insights).toEqual(
      expect.arrayContaining([
        { insight: 'Praise and complaints sit side by side.', evidence: expect.stringContaining('Refunds are terribly slow') },
        { insight: 'It quantifies its claims with percentages.', evidence: '12%' },
      ]),
    );
    expect(result.statistics).toMatchObject({ text: { words: 20, sentences: 3 } });
  });

  it('calls a negative review negative', () => {
    expect(analyze({ text: 'The delivery was late and the box was crushed. Terrible service, I want my money back.' }).sentiment.polarity).toBe('negative');
  });

  it('describes data given by column, naming where a figure peaks', () => {
    const result = analyze({ data: { month: ['Jan', 'Feb', 'Mar'], sales: [120, 95, 140] } });
    expect(result.summary).toBe('3 records with 2 fields: month, sales.');
    expect(result.insights.map((i) => i.insight)).toEqual(['sales ranges from 95 to 140, averaging 118.33.', 'sales is highest for Mar and lowest for Feb.']);
  });
});

describe('offline /changelog', () => {
  it('groups conventional commits Keep-a-Changelog style, leaving out housekeeping and flagging breaking changes', () => {
    const result = buildChangelog(
      {
        commits: [
          'feat(api)!: answer streams as server-sent events',
          { message: 'fix: refund cut streams\n\nBREAKING CHANGE: none really', hash: '0123456789abcdef' },
          'chore: bump dependencies',
          'Merge pull request #12 from team/branch',
          'Remove the legacy /v0 endpoints',
          'fix: escape HTML in error pages (XSS)',
          'Improve the retry backoff',
        ],
        version: '2.0.0',
      },
      '2025-06-01',
    );
    expect(result.sections).toEqual([
      { type: 'Added', items: ['**api:** Answer streams as server-sent events'] },
      { type: 'Changed', items: ['Improve the retry backoff'] },
      { type: 'Removed', items: ['Remove the legacy /v0 endpoints'] },
      { type: 'Fixed', items: ['Refund cut streams (0123456)'] },
      { type: 'Security', items: ['Escape HTML in error pages (XSS)'] },
    ]);
    expect(result.breaking_changes).toEqual(['**api:** Answer streams as server-sent events', 'Refund cut streams (0123456)']);
    expect(result.skipped).toBe(2);
    expect(result.markdown.split('\n').slice(0, 3)).toEqual(['## [2.0.0] - 2025-06-01', '', '### ⚠ Breaking changes']);
  });
});
