import type { ToolEntry, WorkflowToolEntry } from '../../schema/registry/types';

/**
 * Tools an orchestration may run as a step (and an agent may call), as their entries say: tools that run as
 * workflows. Inline endpoints (free utilities, accounts, webhooks, jobs) are not steps, and neither are the
 * orchestration endpoints themselves: a chain inside a chain would run, and bill, outside its caller's limits.
 */
export function isStepTool(entry: ToolEntry | undefined): entry is WorkflowToolEntry {
  return entry !== undefined && entry.agents !== 'never' && entry.execution !== 'inline';
}

/** The step name as callers write it: "summarize" or "/summarize". */
export function stepToolName(action: string): string {
  return action.trim().replace(/^\//, '');
}
