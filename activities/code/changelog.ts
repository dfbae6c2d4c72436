import type { codeTools } from '../../schema/code/codeTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

export type CommitSpec = NonNullable<ChangelogInput['commits']>[number];

/** The input of /changelog, derived from its registry entry (schema/code/codeTools.ts). */
export type ChangelogInput = ToolArguments<typeof codeTools, 'changelog'>;

export type SectionType = 'Added' | 'Changed' | 'Deprecated' | 'Removed' | 'Fixed' | 'Security';

export interface ChangelogResult {
  version: string;
  date: string;
  sections: { type: SectionType; items: string[] }[];
  breaking_changes: string[];
  markdown: string;
  skipped: number;
}

/** Keep a Changelog's order of sections. */
const ORDER: readonly SectionType[] = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

/** Conventional Commits types; those mapped to null are housekeeping a changelog leaves out. */
const BY_TYPE: Readonly<Record<string, SectionType | null>> = {
  feat: 'Added',
  feature: 'Added',
  fix: 'Fixed',
  bugfix: 'Fixed',
  perf: 'Changed',
  refactor: 'Changed',
  revert: 'Changed',
  security: 'Security',
  deprecate: 'Deprecated',
  remove: 'Removed',
  docs: null,
  chore: null,
  ci: null,
  test: null,
  tests: null,
  build: null,
  style: null,
};

/** The leading verb says what happened: for a message without a type, and for a feature that removes or changes. */
const BY_VERB: readonly [RegExp, SectionType][] = [
  [/^(?:remove[sd]?|drop(?:s|ped)?|delete[sd]?|retire[sd]?)\b/i, 'Removed'],
  [/^(?:deprecate[sd]?)\b/i, 'Deprecated'],
  [
    /^(?:change[sd]?|rename[sd]?|switch(?:es|ed)?|replace[sd]?|move[sd]?|migrate[sd]?|update[sd]?|upgrade[sd]?|rework(?:s|ed)?|redesign(?:s|ed)?|refactor(?:s|ed)?|simplif(?:y|ies|ied)|improve[sd]?|speed up|reduce[sd]?|increase[sd]?|decrease[sd]?|tune[sd]?|adjust(?:s|ed)?|revert(?:s|ed)?|make[s]? .*\b(?:more|less|default|faster|slower|smaller|larger|visible)\b|enable[sd]? .*\bby default\b)/i,
    'Changed',
  ],
  [/^(?:add(?:s|ed)?|introduce[sd]?|create[sd]?|implement(?:s|ed)?|support(?:s|ed)?|allow(?:s|ed)?|enable[sd]?|expose[sd]?|make[s]?)\b/i, 'Added'],
  [/^(?:fix(?:es|ed)?|resolve[sd]?|correct(?:s|ed)?|repair(?:s|ed)?|patch(?:es|ed)?|prevent(?:s|ed)?|stop(?:s|ped)?|handle[sd]?|restore[sd]?)\b/i, 'Fixed'],
];
const SECURITY =
  /\b(?:security|vulnerab\w*|CVE-\d{4}-\d+|XSS|CSRF|SSRF|RCE|injection|brute[- ]force|attacks?|exploit\w*|malicious|privilege escalation|denial of service)\b/i;
const CONVENTIONAL = /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/;
// Merges, releases and work-in-progress markers ("wip", "fixup! …"), and untyped edits of the docs, are not changes.
const NOISE =
  /^(?:Merge (?:pull request|branch|remote-tracking)|Bump version|Release v?\d|v?\d+\.\d+\.\d+$|wip\b|fixup!|squash!|amend!|typos?$|(?:update|edit|tweak|fix)(?:s|ed)? (?:the )?(?:readme|docs?|documentation|changelog|comments?)\b)/i;
const FOOTER = /^BREAKING[ -]CHANGE:\s*(.*)$/;
// A commit's subject: "<type>[(scope)][!]: …", or a hash-led line of `git log --oneline`.
const SUBJECT_LINE = /^(?:[0-9a-f]{7,40}\s+\S|\w+(?:\([^)]+\))?!?:\s)/;

interface Commit {
  readonly message: string;
  readonly hash?: string;
}

/**
 * Commits from text: `git log` output ("commit <hash>", author and date lines, an indented message), one-line logs
 * ("a1b2c3d feat: …"), or messages with bodies and footers, a new commit starting at each line shaped like a subject
 * once any line is; otherwise one commit per line.
 */
export function commitsOf(text: string): Commit[] {
  const lines = text.split(/\r?\n/);
  if (lines.some((l) => /^commit [0-9a-f]{7,40}\b/.test(l))) {
    const commits: Commit[] = [];
    for (const block of text.split(/^(?=commit [0-9a-f]{7,40}\b)/m)) {
      const hash = /^commit ([0-9a-f]{7,40})/.exec(block)?.[1];
      if (!hash) continue;
      const message = block
        .split(/\r?\n/)
        .slice(1)
        .filter((l) => !/^(?:Author|Date|Merge|Commit|AuthorDate|CommitDate):/.test(l))
        .map((l) => l.replace(/^ {4}/, ''))
        .join('\n')
        .trim();
      if (message) commits.push({ message, hash });
    }
    return commits;
  }
  if (!lines.some((l) => SUBJECT_LINE.test(l.trim()))) return lines.filter((l) => l.trim()).map((l) => splitOneline(l));
  const commits: { message: string; hash?: string }[] = [];
  for (const line of lines) {
    if (SUBJECT_LINE.test(line.trim()) && !FOOTER.test(line.trim())) commits.push(splitOneline(line));
    else if (commits.length) commits[commits.length - 1]!.message += `\n${line}`;
  }
  return commits;
}

/**
 * A changelog entry from commit messages: Conventional Commits types (a feature whose verb removes, deprecates or
 * changes goes where the verb says), else the leading verb, in Keep a Changelog sections; `!` and `BREAKING CHANGE:`
 * footers mark breaking changes, described by the footer when there is one.
 */
export function buildChangelog(input: ChangelogInput, today: string): ChangelogResult {
  const commits: Commit[] = input.commits
    ? input.commits.map((c) => (typeof c === 'string' ? splitOneline(c) : { message: c.message, ...(c.hash ? { hash: c.hash } : {}) }))
    : commitsOf(input.text ?? '');
  const sections = new Map<SectionType, string[]>();
  const breaking: string[] = [];
  let skipped = 0;
  for (const { message, hash } of commits) {
    const [subject = '', ...body] = message.trim().split('\n');
    const entry = classify(subject.trim());
    if (!entry) {
      skipped++;
      continue;
    }
    const prefix = entry.scope ? `**${entry.scope}:** ` : '';
    const suffix = hash ? ` (${hash.slice(0, 7)})` : '';
    const line = `${prefix}${sentence(entry.text)}${suffix}`;
    const footer = body.map((l) => FOOTER.exec(l.trim())?.[1]).find((f) => f !== undefined);
    if (footer !== undefined) breaking.push(footer.trim() ? `${prefix}${sentence(footer)}${suffix}` : line);
    else if (entry.breaking) breaking.push(line);
    const type = SECURITY.test(subject) ? 'Security' : entry.type;
    (sections.get(type) ?? sections.set(type, []).get(type)!).push(line);
  }
  const version = input.version ?? 'Unreleased';
  const date = input.date ?? today;
  const ordered = ORDER.filter((type) => sections.has(type)).map((type) => ({ type, items: sections.get(type)! }));
  const markdown = [
    `## [${version}] - ${date}`,
    ...(breaking.length ? ['', '### ⚠ Breaking changes', ...breaking.map((b) => `- ${b}`)] : []),
    ...ordered.flatMap((s) => ['', `### ${s.type}`, ...s.items.map((item) => `- ${item}`)]),
  ].join('\n');
  return { version, date, sections: ordered, breaking_changes: breaking, markdown, skipped };
}

function classify(subject: string): { type: SectionType; scope?: string; text: string; breaking: boolean } | null {
  if (!subject || NOISE.test(subject)) return null;
  const conventional = CONVENTIONAL.exec(subject);
  if (conventional) {
    const [, kind = '', scope, bang, text = ''] = conventional;
    const type = BY_TYPE[kind.toLowerCase()];
    if (type === null) return null;
    if (type) {
      // "feat!: drop support for Node 16" removes; "feat: rename X" changes: the verb knows better than the type.
      const byVerb = type === 'Added' ? BY_VERB.find(([pattern]) => pattern.test(text))?.[1] : undefined;
      const verbal = byVerb === 'Removed' || byVerb === 'Deprecated' || byVerb === 'Changed' ? byVerb : type;
      return { type: verbal, ...(scope ? { scope } : {}), text, breaking: Boolean(bang) };
    }
  }
  const byVerb = BY_VERB.find(([pattern]) => pattern.test(subject));
  return { type: byVerb?.[1] ?? 'Changed', text: subject, breaking: false };
}

/** `a1b2c3d Fix the thing` → the message and its hash. */
function splitOneline(line: string): Commit {
  const match = /^([0-9a-f]{7,40})\s+(.+)$/.exec(line.trim());
  return match ? { hash: match[1]!, message: match[2]! } : { message: line };
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/\.$/, '');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
