import { closest } from '../../core/validation/closest';
import { describeFields } from '../../core/validation/describeSchema';
import { checkToolInput } from '../../core/validation/checkToolInput';
import { byName, type WorkflowToolEntry } from '../../schema/registry';
import { BadRequest } from '../errors/httpErrors';

export type RunnableEntry = WorkflowToolEntry;

/** A tool a job may run: any registry tool that runs as a workflow (inline endpoints answer at once anyway). */
export function runnableTool(name: string, docs: string): RunnableEntry {
  const entry = byName.get(name.replace(/^\//, ''));
  if (entry && entry.execution !== 'inline') return entry as RunnableEntry;
  const runnable = [...byName.values()].filter((e) => e.execution !== 'inline').map((e) => e.name);
  const near = closest(name.replace(/^\//, ''), runnable);
  throw new BadRequest(
    entry ? `${entry.path} answers at once and cannot run as a job` : `unknown tool "${name}"${near ? ` (did you mean "${near}"?)` : ''}`,
    'Name a tool as its endpoint has it, e.g. "sentiment" or "/summarize"; GET /discover lists them.',
    docs,
  );
}

/**
 * The tool's input checked exactly as its own endpoint checks it (aliases, defaults), for callers that reach a tool
 * another way (a job's `params`, an MCP call's `arguments`), so a bad input fails early, not in the workflow.
 */
export function validToolInput(entry: RunnableEntry, params: Record<string, unknown>, docs: string, field = 'params'): Record<string, unknown> {
  const result = checkToolInput(entry, params);
  if (result.ok) return result.value;
  const [first, ...rest] = result.problems;
  throw new BadRequest(
    `${field}: ${first!.message}`,
    `${entry.path} takes: ${describeFields(entry.input, entry.aliases)}.`,
    docs,
    rest.length ? { problems: result.problems.map((p) => p.message) } : {},
  );
}
