import { changelogCases } from '../cases/changelog';
import { changelogHeldOut } from '../heldout/changelog';
import { suite, type Judgment, type LabelledCase } from '../suite';

export type Section = 'Added' | 'Changed' | 'Deprecated' | 'Removed' | 'Fixed' | 'Security';

export type ChangelogCase = LabelledCase &
  ({ readonly commits: readonly (string | { readonly message: string; readonly hash?: string })[] } | { readonly text: string }) & {
    /** A phrase of each commit's entry, and the section it belongs in (or 'skip' for housekeeping left out). */
    readonly expect: Readonly<Record<string, Section | 'skip'>>;
    /** A phrase of each breaking change; no other entry may be called breaking. */
    readonly breaking?: readonly string[];
  };

interface Output {
  sections: { type: Section; items: string[] }[];
  breaking_changes: string[];
}

const has = (item: string, phrase: string) => item.toLowerCase().includes(phrase.toLowerCase());

/** One judgment per commit (in its section, or left out) and one for the list of breaking changes. No confidence: judged for accuracy alone. */
export const changelogSuite = suite<ChangelogCase>({
  tool: 'changelog',
  cases: { dev: changelogCases, heldOut: changelogHeldOut },
  input: (c) => ({ ...('commits' in c ? { commits: c.commits } : { text: c.text }), version: '1.0.0', date: '2024-06-01' }),
  judge: (c, raw) => {
    const output = raw as unknown as Output;
    const problems: string[] = [];
    const judgments: Judgment[] = Object.entries(c.expect).map(([phrase, section]) => {
      const placed = output.sections.filter((s) => s.items.some((item) => has(item, phrase))).map((s) => s.type);
      const correct = section === 'skip' ? placed.length === 0 : placed.length === 1 && placed[0] === section;
      if (!correct) problems.push(`"${phrase}" in ${placed.join('+') || 'nothing'}, expected ${section}`);
      return { correct, confidence: null, abstained: false };
    });
    const breaking = c.breaking ?? [];
    const breakingRight = output.breaking_changes.length === breaking.length && breaking.every((phrase) => output.breaking_changes.some((b) => has(b, phrase)));
    if (!breakingRight) problems.push(`breaking ${JSON.stringify(output.breaking_changes)}, expected ${JSON.stringify(breaking)}`);
    judgments.push({ correct: breakingRight, confidence: null, abstained: false });
    const correct = problems.length === 0;
    return { correct, judgments, ...(correct ? {} : { detail: problems.join('; ') }) };
  },
});
