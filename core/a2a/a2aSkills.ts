import type { JsonSchema, ToolEntry, WorkflowToolEntry } from '../../schema/registry/types';

/**
 * A tool is an A2A skill when it runs as a workflow and answers once in the service's own format: A2A streams a task by
 * itself, so the streamed twins (`stream/write`, `agent/stream`) and the vendor formats (`v1/messages`) add nothing.
 */
export function isA2aSkill(entry: ToolEntry): entry is WorkflowToolEntry {
  return entry.execution !== 'inline' && entry.streaming !== 'always' && (entry.wire ?? 'native') === 'native';
}

/** The input fields a message's text goes into, in order of preference: the first of these a skill takes. */
const TEXT_FIELDS = ['text', 'task', 'prompt', 'question', 'query', 'topic', 'message', 'content', 'code', 'url'];

/** Where a message's text parts go for this skill (`text` for /summarize, `task` for /agent); undefined when nowhere. */
export function textFieldOf(entry: Pick<ToolEntry, 'input'>): string | undefined {
  const properties = (entry.input.properties ?? {}) as Record<string, JsonSchema>;
  return TEXT_FIELDS.find((name) => properties[name]?.type === 'string');
}
