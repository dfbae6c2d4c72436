import type { ChangelogCase } from '../suites/changelog';

/** Commit logs as teams write them: Conventional Commits with scopes, `!` and footers, plain subjects, `git log` output. */
export const changelogCases: readonly ChangelogCase[] = [
  {
    id: 'feat-bang-drop-node',
    commits: ['feat!: drop support for Node 16', 'feat: add --json output to the status command', 'fix: handle empty config files'],
    expect: { 'Node 16': 'Removed', '--json': 'Added', 'empty config': 'Fixed' },
    breaking: ['Node 16'],
  },
  {
    id: 'breaking-footer',
    commits: [
      'feat(api): accept page tokens for list endpoints\n\nBREAKING CHANGE: the offset parameter is no longer accepted; use page_token instead.',
      'fix(api): return 404 instead of 500 for unknown ids',
    ],
    expect: { 'page tokens': 'Added', '404': 'Fixed' },
    breaking: ['offset'],
  },
  {
    id: 'housekeeping-skipped',
    commits: [
      'docs: fix typos in README',
      'chore: update dev dependencies',
      'ci: cache npm in GitHub Actions',
      'test: cover the retry logic',
      'feat: add retry to uploads',
    ],
    expect: { typos: 'skip', 'dev dependencies': 'skip', 'cache npm': 'skip', 'retry logic': 'skip', 'retry to uploads': 'Added' },
  },
  {
    id: 'plain-subjects',
    commits: [
      'Add dark mode to the settings page',
      'Fix crash when the network drops during sync',
      'Remove the legacy CSV importer',
      'Improve search speed on large inboxes',
    ],
    expect: { 'dark mode': 'Added', 'network drops': 'Fixed', 'CSV importer': 'Removed', 'search speed': 'Changed' },
  },
  {
    id: 'oneline-text-hashes',
    text: 'a1b2c3d feat(auth): support passkeys\n9f8e7d6 fix(auth): keep session after password change\n1234abc chore(release): 2.4.0\n5678def perf(db): batch inserts for audit log',
    expect: { passkeys: 'Added', 'session after password': 'Fixed', '2.4.0': 'skip', 'batch inserts': 'Changed' },
  },
  {
    id: 'security-fix',
    commits: [
      'fix: escape HTML in comment previews to prevent XSS',
      'fix(deps): upgrade openssl to patch CVE-2024-5535',
      'fix: correct rounding in invoice totals',
    ],
    expect: { XSS: 'Security', 'CVE-2024-5535': 'Security', rounding: 'Fixed' },
  },
  {
    id: 'deprecation',
    commits: [
      'feat: deprecate the v1 reports endpoint in favour of v2',
      'feat(reports): add v2 reports endpoint with filters',
      'refactor: split report builder into modules',
    ],
    expect: { 'v1 reports': 'Deprecated', 'v2 reports endpoint with filters': 'Added', 'report builder': 'Changed' },
  },
  {
    id: 'merge-and-bump-noise',
    commits: [
      'Merge pull request #241 from team/feature-export',
      'Bump version to 3.1.0',
      'feat(export): export dashboards as PDF',
      "Merge branch 'main' into release",
    ],
    expect: { '#241': 'skip', '3.1.0': 'skip', PDF: 'Added', "'main'": 'skip' },
  },
  {
    id: 'scope-bang',
    commits: ['feat(config)!: rename TIMEOUT to REQUEST_TIMEOUT_MS', 'fix(config): parse booleans case-insensitively'],
    expect: { REQUEST_TIMEOUT_MS: 'Changed', booleans: 'Fixed' },
    breaking: ['REQUEST_TIMEOUT_MS'],
  },
  {
    id: 'multiline-text-bodies',
    text:
      'feat(cli): add a --dry-run flag\n\nShows what would change without writing anything.\n\n' +
      'fix(cli): exit with status 1 when a command fails\n\n' +
      'feat(cli)!: remove the deprecated `init --legacy` mode\n\nBREAKING CHANGE: projects created with --legacy must be migrated first.',
    expect: { 'dry-run': 'Added', 'status 1': 'Fixed', 'init --legacy': 'Removed', 'without writing': 'skip' },
    breaking: ['legacy'],
  },
  {
    id: 'revert',
    commits: ['revert: "feat: add autosave every 10 seconds"', 'fix(editor): keep the cursor position after undo'],
    expect: { autosave: 'Changed', cursor: 'Fixed' },
  },
  {
    id: 'perf-and-refactor',
    commits: ['perf: cache compiled templates', 'refactor(parser): replace regex tokenizer with a state machine', 'style: format with prettier'],
    expect: { 'compiled templates': 'Changed', 'state machine': 'Changed', prettier: 'skip' },
  },
  {
    id: 'objects-with-hashes',
    commits: [
      { message: 'feat(billing): show tax breakdown on invoices', hash: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567' },
      { message: 'fix(billing): charge the prorated amount on upgrade', hash: '1b2c3d4e5f60718293a4b5c6d7e8f90123456780' },
      { message: 'build: bump typescript to 5.5', hash: '2c3d4e5f60718293a4b5c6d7e8f9012345678901' },
    ],
    expect: { 'tax breakdown': 'Added', prorated: 'Fixed', typescript: 'skip' },
  },
  {
    id: 'plain-deprecate-and-delete',
    commits: [
      'Deprecate the old notification settings page',
      'Delete unused feature flags',
      'Fixed a typo in the onboarding email',
      'Introduce weekly digest emails',
    ],
    expect: { 'notification settings': 'Deprecated', 'feature flags': 'Removed', 'onboarding email': 'Fixed', 'weekly digest': 'Added' },
  },
  {
    id: 'breaking-change-hyphen',
    commits: [
      'fix(auth): tokens expire after 1 hour\n\nBREAKING-CHANGE: long-lived tokens issued before this release stop working.',
      'feat(auth): add refresh tokens',
    ],
    expect: { '1 hour': 'Fixed', 'refresh tokens': 'Added' },
    breaking: ['long-lived'],
  },
  {
    id: 'uppercase-types',
    commits: ['Feat: add CSV export to reports', 'FIX: prevent double submission of the payment form', 'Docs: document the export API'],
    expect: { 'CSV export': 'Added', 'double submission': 'Fixed', 'export API': 'skip' },
  },
  {
    id: 'feat-change-verb',
    commits: ['feat: change the default page size from 20 to 50', 'feat: make the sidebar collapsible', 'feat(search): switch to fuzzy matching by default'],
    expect: { 'page size': 'Changed', collapsible: 'Added', 'fuzzy matching': 'Changed' },
  },
  {
    id: 'only-housekeeping',
    commits: ['chore: tidy imports', 'docs: add architecture diagram', 'test: add snapshot tests for the header'],
    expect: { imports: 'skip', 'architecture diagram': 'skip', 'snapshot tests': 'skip' },
  },
  {
    id: 'security-plain',
    commits: ['Fix SQL injection in the search endpoint', 'Add rate limiting to the login endpoint to stop brute-force attacks', 'Fix broken link in footer'],
    expect: { 'SQL injection': 'Security', 'brute-force': 'Security', 'broken link': 'Fixed' },
  },
  {
    id: 'mobile-release',
    commits: [
      'feat(ios): support Dynamic Type in all screens',
      'feat(android): add home-screen widget',
      'fix(android): stop notifications arriving twice',
      'chore(ios): update CocoaPods lockfile',
    ],
    expect: { 'Dynamic Type': 'Added', widget: 'Added', twice: 'Fixed', CocoaPods: 'skip' },
  },
  {
    id: 'bang-on-fix',
    commits: ['fix!: treat empty strings as missing values in the CSV parser', 'feat: add a --delimiter option'],
    expect: { 'empty strings': 'Fixed', '--delimiter': 'Added' },
    breaking: ['empty strings'],
  },
  {
    id: 'remove-type',
    commits: ['remove: the beta import wizard', 'feat: add guided import', 'fix: keep column order on import'],
    expect: { 'beta import wizard': 'Removed', 'guided import': 'Added', 'column order': 'Fixed' },
  },
  {
    id: 'git-log-medium',
    text:
      'commit 3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e\nAuthor: Ada King <ada@example.com>\nDate:   Mon Jun 3 10:00:00 2024 +0100\n\n    feat(sync): sync drafts across devices\n\n' +
      'commit 4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e3f\nAuthor: Tom Reed <tom@example.com>\nDate:   Tue Jun 4 11:00:00 2024 +0100\n\n    fix(sync): resolve conflicts by latest edit\n',
    expect: { 'drafts across devices': 'Added', 'latest edit': 'Fixed', 'Ada King': 'skip' },
  },
  {
    id: 'many-scopes',
    commits: [
      'feat(ui): add keyboard shortcuts overlay',
      'fix(ui): align icons in the toolbar',
      'feat(api): expose usage metrics endpoint',
      'fix(api): validate date ranges in reports',
      'perf(api): stream large exports instead of buffering',
    ],
    expect: { 'keyboard shortcuts': 'Added', 'align icons': 'Fixed', 'usage metrics': 'Added', 'date ranges': 'Fixed', 'stream large exports': 'Changed' },
  },
  {
    id: 'breaking-in-body-not-footer',
    commits: [
      'feat: add team workspaces\n\nThis is a big step towards collaboration. It is not a breaking change for existing users.',
      'fix: restore scroll position',
    ],
    expect: { 'team workspaces': 'Added', 'scroll position': 'Fixed' },
  },
  {
    id: 'plain-replace-upgrade',
    commits: ['Replace moment with luxon for date handling', 'Upgrade React to 18', 'Rename "Projects" to "Workspaces" in the navigation'],
    expect: { luxon: 'Changed', 'React to 18': 'Changed', Workspaces: 'Changed' },
  },
  {
    id: 'wip-and-typo-commits',
    commits: ['wip', 'fixup! feat: add billing page', 'feat: add billing page', 'typo'],
    expect: { wip: 'skip', 'fixup!': 'skip', 'billing page': 'Added', typo: 'skip' },
  },
  {
    id: 'feat-remove-verb',
    commits: ['feat(api)!: remove the deprecated /v1/search endpoint', 'feat(api): add /v2/search with pagination'],
    expect: { '/v1/search': 'Removed', '/v2/search': 'Added' },
    breaking: ['/v1/search'],
  },
  {
    id: 'fix-remove-verb',
    commits: ['fix: remove duplicate toast after saving', 'fix: prevent crash when the avatar URL is empty'],
    expect: { 'duplicate toast': 'Fixed', 'avatar URL': 'Fixed' },
  },
  {
    id: 'breaking-footer-multiple',
    commits: [
      'feat(db): move to PostgreSQL 16\n\nBREAKING CHANGE: PostgreSQL 12 is no longer supported.\nRefs: #881',
      'feat(db): add read replicas support',
      'fix(db): close idle connections after 5 minutes',
    ],
    expect: { 'PostgreSQL 16': 'Changed', 'read replicas': 'Added', 'idle connections': 'Fixed' },
    breaking: ['PostgreSQL 12'],
  },
  {
    id: 'deps-updates',
    commits: [
      'chore(deps): bump lodash from 4.17.20 to 4.17.21',
      'build(deps): bump esbuild to 0.21',
      'fix(deps): pin axios to 1.6.8 to avoid a regression in redirects',
    ],
    expect: { lodash: 'skip', esbuild: 'skip', axios: 'Fixed' },
  },
  {
    id: 'plain-allow-enable',
    commits: ['Allow admins to export audit logs', 'Enable two-factor authentication for all accounts by default', 'Prevent duplicate invitations'],
    expect: { 'audit logs': 'Added', 'two-factor': 'Changed', 'duplicate invitations': 'Fixed' },
  },
  {
    id: 'feature-type-alias',
    commits: ['feature: bulk edit for tags', 'bugfix: tag colours reset after reload'],
    expect: { 'bulk edit': 'Added', 'tag colours': 'Fixed' },
  },
  {
    id: 'oneline-mixed',
    text: 'e1f2a3b Add offline mode\nb4c5d6e Fix memory leak in image cache\nf7a8b9c Update README\nc0d1e2f Remove unused analytics SDK',
    expect: { 'offline mode': 'Added', 'memory leak': 'Fixed', README: 'skip', 'analytics SDK': 'Removed' },
  },
  {
    id: 'security-type',
    commits: ['security: rotate signing keys every 90 days', 'fix: trim whitespace in usernames'],
    expect: { 'signing keys': 'Security', whitespace: 'Fixed' },
  },
  {
    id: 'breaking-deprecate',
    commits: ['feat(sdk)!: deprecate the callback API; use promises instead', 'feat(sdk): return promises from every method'],
    expect: { 'callback API': 'Deprecated', 'return promises': 'Added' },
    breaking: ['callback API'],
  },
  {
    id: 'plain-make-change',
    commits: ['Make the export button more visible', 'Change the free plan limit to 3 projects', 'Fix alignment of the pricing table on mobile'],
    expect: { 'export button': 'Changed', '3 projects': 'Changed', 'pricing table': 'Fixed' },
  },
  {
    id: 'revert-plain',
    commits: ['Revert "Add autoplay to video previews"', 'Add captions to video previews'],
    expect: { autoplay: 'Changed', captions: 'Added' },
  },
  {
    id: 'i18n',
    commits: ['feat(i18n): add Portuguese and Polish translations', 'fix(i18n): use the plural form for zero items in French'],
    expect: { Portuguese: 'Added', 'plural form': 'Fixed' },
  },
  {
    id: 'style-and-lint',
    commits: ['style(ui): fix indentation in header component', 'chore(lint): enable no-unused-vars', 'feat(ui): add a compact density setting'],
    expect: { indentation: 'skip', 'no-unused-vars': 'skip', 'compact density': 'Added' },
  },
];
