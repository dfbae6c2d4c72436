import { PLACEHOLDER } from '../../schema/skills/skillDefinition';

/** The placeholders a template names, each once, in order. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The template with each placeholder replaced by its input value (text as is, anything else as JSON; absent: empty). */
export function fillTemplate(template: string, input: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_, field: string) => {
    const value = input[field];
    if (value === undefined || value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}
