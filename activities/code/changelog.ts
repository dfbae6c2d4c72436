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

/** For messages without a type: the leading verb says what happened. */
const BY_VERB: readonly [RegExp, SectionType][] = [
  [/^(add|adds|added|introduce|introduces|create|creates|implement|implements|support|supports|allow|allows|enable|enables)\b/i, 'Added'],
  [/^(fix|fixes|fixed|resolve|resolves|correct|corrects|repair|patch|prevent|prevents)\b/i, 'Fixed'],
  [/^(remove|removes|removed|drop|drops|delete|deletes)\b/i, 'Removed'],
  [/^(deprecate|deprecates|deprecated)\b/i, 'Deprecated'],
];
const SECURITY = /\b(security|vulnerab\w*|CVE-\d{4}-\d+|XSS|CSRF|injection)\b/i;
const CONVENTIONAL = /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/;
const NOISE = /^(Merge (pull request|branch|remote-tracking)|Bump version|Release v?\d)/i;

/** A changelog entry from commit messages: Conventional Commits types, else the leading verb, Keep a Changelog sections. */
export function buildChangelog(input: ChangelogInput, today: string): ChangelogResult {
  const commits = input.commits ?? (input.text ?? '').split('\n').filter((line) => line.trim());
  const sections = new Map<SectionType, string[]>();
  const breaking: string[] = [];
  let skipped = 0;
  for (const commit of commits) {
    const { message, hash } = typeof commit === 'string' ? splitOneline(commit) : { message: commit.message, hash: commit.hash };
    const [subject = '', ...body] = message.trim().split('\n');
    const entry = classify(subject.trim());
    if (!entry) {
      skipped++;
      continue;
    }
    const line = `${entry.scope ? `**${entry.scope}:** ` : ''}${sentence(entry.text)}${hash ? ` (${hash.slice(0, 7)})` : ''}`;
    if (entry.breaking || body.some((l) => /^BREAKING[ -]CHANGE:/.test(l.trim()))) breaking.push(line);
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
    if (type) return { type, ...(scope ? { scope } : {}), text, breaking: Boolean(bang) };
  }
  const byVerb = BY_VERB.find(([pattern]) => pattern.test(subject));
  return { type: byVerb?.[1] ?? 'Changed', text: subject, breaking: false };
}

/** `a1b2c3d Fix the thing` → the message and its hash. */
function splitOneline(line: string): { message: string; hash?: string } {
  const match = /^([0-9a-f]{7,40})\s+(.+)$/.exec(line.trim());
  return match ? { hash: match[1], message: match[2]! } : { message: line };
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/\.$/, '');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
