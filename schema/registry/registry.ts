import { features } from '../features';
import type { Family, ToolDraft, ToolEntry, WorkflowToolEntry } from './types';

export type { ToolEntry, ToolDraft, WorkflowToolEntry, JsonSchema, Category, Execution, Family, OrchestrationKind, AgentOffer, WireFormat } from './types';

/**
 * Each feature's entries, in the order the catalogue lists them (schema/features.ts). Literal types kept, so input
 * types derive from the schemas (ToolInput).
 */
export const families = Object.fromEntries(Object.entries(features).map(([name, feature]) => [name, feature.tools])) as {
  readonly [F in Family]: (typeof features)[F]['tools'];
};

/** The defaults an entry leaves out: who else offers it follows from how it runs. */
function complete(draft: ToolDraft, family: Family): ToolEntry {
  const runsAsWorkflow = draft.execution !== 'inline';
  return {
    ...draft,
    family,
    agents: draft.agents ?? (runsAsWorkflow && !draft.orchestration ? 'offered' : 'never'),
    mcp: draft.mcp ?? (runsAsWorkflow && draft.streaming !== 'always'),
  };
}

/** The table of contents: every endpoint the service offers, each described once. */
export const registry: readonly ToolEntry[] = (Object.entries(families) as [Family, readonly ToolDraft[]][]).flatMap(([family, drafts]) =>
  drafts.map((draft) => complete(draft, family)),
);

export const byName: ReadonlyMap<string, ToolEntry> = new Map(registry.map((e) => [e.name, e]));

export function isWorkflowTool(entry: ToolEntry | undefined): entry is WorkflowToolEntry {
  return entry !== undefined && entry.execution !== 'inline';
}

/** Whether the entry's input is a JSON body (POST, PUT) rather than the query string (GET, DELETE). */
export function takesBody(entry: Pick<ToolEntry, 'method'>): boolean {
  return entry.method === 'POST' || entry.method === 'PUT';
}
