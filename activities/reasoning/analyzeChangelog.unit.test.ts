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
    // A BREAKING CHANGE footer describes the break: its text is the entry (was the subject line).
    expect(result.breaking_changes).toEqual(['**api:** Answer streams as server-sent events', 'None really (0123456)']);
    expect(result.skipped).toBe(2);
    expect(result.markdown.split('\n').slice(0, 3)).toEqual(['## [2.0.0] - 2025-06-01', '', '### ⚠ Breaking changes']);
  });

  it('files "feat!: drop support for Node 16" under Removed, as breaking (it was under Added)', () => {
    const result = buildChangelog(
      { commits: ['feat!: drop support for Node 16', 'feat: deprecate the v1 API', 'feat(config): rename TIMEOUT to TIMEOUT_MS'] },
      '2025-06-01',
    );
    expect(result.sections).toEqual([
      { type: 'Changed', items: ['**config:** Rename TIMEOUT to TIMEOUT_MS'] },
      { type: 'Deprecated', items: ['Deprecate the v1 API'] },
      { type: 'Removed', items: ['Drop support for Node 16'] },
    ]);
    expect(result.breaking_changes).toEqual(['Drop support for Node 16']);
  });

  it('reads messages with bodies and BREAKING CHANGE footers from text, one commit per subject line', () => {
    const result = buildChangelog(
      {
        text: 'feat(cli): add a --dry-run flag\n\nShows what would change without writing anything.\n\nfix(cli)!: exit with status 1 on failure\n\nBREAKING-CHANGE: scripts that ignored failures now stop.',
      },
      '2025-06-01',
    );
    expect(result.sections).toEqual([
      { type: 'Added', items: ['**cli:** Add a --dry-run flag'] },
      { type: 'Fixed', items: ['**cli:** Exit with status 1 on failure'] },
    ]);
    expect(result.breaking_changes).toEqual(['**cli:** Scripts that ignored failures now stop']);
  });

  it('reads git log output and leaves out work-in-progress commits', () => {
    const result = buildChangelog(
      {
        text:
          'commit 3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e\nAuthor: Ada King <ada@example.com>\nDate:   Mon Jun 3 10:00:00 2024 +0100\n\n    feat(sync): sync drafts across devices\n\n' +
          'commit 4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e3f\nAuthor: Tom Reed <tom@example.com>\nDate:   Tue Jun 4 11:00:00 2024 +0100\n\n    fixup! feat(sync): sync drafts across devices\n',
      },
      '2025-06-01',
    );
    expect(result.sections).toEqual([{ type: 'Added', items: ['**sync:** Sync drafts across devices (3f4e5d6)'] }]);
    expect(result.skipped).toBe(1);
  });
});
