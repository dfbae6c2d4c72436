import type { ChangelogCase } from '../suites/changelog';

/** Held out: read only to report, never to tune. */
export const changelogHeldOut: readonly ChangelogCase[] = [
  {
    id: 'bang-drop-python',
    commits: ['feat!: drop Python 3.8 support', 'feat: add async client', 'fix: close sockets on timeout'],
    expect: { 'Python 3.8': 'Removed', 'async client': 'Added', sockets: 'Fixed' },
    breaking: ['Python 3.8'],
  },
  {
    id: 'footer-rename',
    commits: ['refactor(api): rename `user_id` to `account_id`\n\nBREAKING CHANGE: clients must send account_id.', 'docs(api): update examples'],
    expect: { account_id: 'Changed', examples: 'skip' },
    breaking: ['account_id'],
  },
  {
    id: 'plain-mixed',
    commits: ['Add CSV import for contacts', 'Fix timezone bug in reminders', 'Drop support for Internet Explorer 11', 'Refactor the mailer'],
    expect: { 'CSV import': 'Added', timezone: 'Fixed', 'Internet Explorer 11': 'Removed', mailer: 'Changed' },
  },
  {
    id: 'security-dep',
    commits: ['fix(deps): bump jsonwebtoken to 9.0.0 for CVE-2022-23529', 'chore(deps): bump eslint to 9'],
    expect: { jsonwebtoken: 'Security', eslint: 'skip' },
  },
  {
    id: 'oneline-hashes',
    text: '7c6b5a4 feat(map): cluster markers when zoomed out\n3d2c1b0 fix(map): keep selected pin after refresh\n0f9e8d7 test(map): add clustering tests',
    expect: { 'cluster markers': 'Added', 'selected pin': 'Fixed', 'clustering tests': 'skip' },
  },
  {
    id: 'deprecate-plain',
    commits: ['Deprecate the XML export format', 'Add JSON Lines export'],
    expect: { 'XML export': 'Deprecated', 'JSON Lines': 'Added' },
  },
  {
    id: 'merge-noise',
    commits: ['Merge pull request #88 from dev/search', 'feat(search): highlight matches in results', 'Merge remote-tracking branch origin/main'],
    expect: { '#88': 'skip', highlight: 'Added', 'remote-tracking': 'skip' },
  },
  {
    id: 'multiline-breaking',
    text: 'feat(auth)!: require email verification before first login\n\nBREAKING CHANGE: unverified accounts cannot sign in.\n\nfix(auth): show a clear error for expired links',
    expect: { 'email verification': 'Added', 'expired links': 'Fixed', 'cannot sign in': 'skip' },
    breaking: ['unverified'],
  },
  {
    id: 'perf-plain',
    commits: ['Speed up dashboard loading by caching queries', 'Reduce bundle size by lazy-loading charts'],
    expect: { dashboard: 'Changed', 'bundle size': 'Changed' },
  },
  {
    id: 'security-type-xss',
    commits: ['security: sanitize markdown in user bios', 'feat: add profile banners'],
    expect: { markdown: 'Security', banners: 'Added' },
  },
  {
    id: 'feat-remove-scope',
    commits: ['feat(reports)!: remove the legacy PDF renderer', 'fix(reports): correct totals in monthly summary'],
    expect: { 'PDF renderer': 'Removed', 'monthly summary': 'Fixed' },
    breaking: ['PDF renderer'],
  },
  {
    id: 'housekeeping-only',
    commits: ['ci: run tests on Node 22', 'chore: remove stale TODO comments', 'docs: explain the release process'],
    expect: { 'Node 22': 'skip', TODO: 'skip', 'release process': 'skip' },
  },
];
