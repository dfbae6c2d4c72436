import { isStepTool, stepToolName } from './stepTools';
import { registry, type ToolEntry } from '../../schema/registry';

/** The tools an agent or a planned workflow may use: those the caller named, or every step tool worth offering. */
export function offeredStepTools(requested: readonly string[] | undefined): ToolEntry[] {
  if (requested?.length) return requested.map((name) => registry.find((e) => e.name === stepToolName(name))).filter(isStepTool);
  return registry.filter((entry) => isStepTool(entry) && entry.agents === 'offered');
}

/** The names a caller gave that are not step tools (the API refuses them with 400). */
export function unknownTools(requested: readonly string[] | undefined): string[] {
  return (requested ?? []).filter((name) => !isStepTool(registry.find((e) => e.name === stepToolName(name))));
}

/** One line per tool, as a model reads it: "- name: what it does. Input: text*, format (bullets|paragraph|short)". */
export function describeTools(tools: readonly ToolEntry[]): string {
  return tools.map((tool) => `- ${tool.name}: ${tool.summary}. Input: ${inputFields(tool)}`).join('\n');
}

function inputFields(tool: ToolEntry): string {
  const required = new Set((tool.input.required ?? []) as string[]);
  const properties = (tool.input.properties ?? {}) as Record<string, { enum?: unknown[]; type?: unknown }>;
  return Object.entries(properties)
    .filter(([name]) => name !== 'model' && name !== 'stream')
    .map(([name, field]) => {
      const kind = Array.isArray(field.enum) ? ` (${field.enum.join('|')})` : field.type && field.type !== 'string' ? ` (${String(field.type)})` : '';
      return `${name}${required.has(name) ? '*' : ''}${kind}`;
    })
    .join(', ');
}
