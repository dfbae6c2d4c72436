import type { JsonSchema } from '../../schema/registry/types';

/** "text (string, required), format (bullets|paragraph|short)": the hint a 400 gives. */
export function describeFields(schema: JsonSchema, aliases: Readonly<Record<string, string>> = {}): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const aliasOf = Object.entries(aliases).reduce<Record<string, string[]>>((acc, [alias, canonical]) => {
    (acc[canonical] ??= []).push(alias);
    return acc;
  }, {});
  return Object.entries(properties)
    .map(([name, field]) => {
      const kind = Array.isArray(field.enum) ? (field.enum as unknown[]).join('|') : String(field.type ?? 'value');
      const notes = [kind, required.has(name) ? 'required' : null, aliasOf[name] ? `or ${aliasOf[name]!.join('/')}` : null].filter(Boolean);
      return `${name} (${notes.join(', ')})`;
    })
    .join(', ');
}
