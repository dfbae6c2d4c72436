import { features } from '../features';
import { SETTINGS, type SettingKey } from '../config';
import type { Family, ToolDraft, ToolEntry, WorkflowToolEntry } from './types';

export type { ToolEntry, ToolDraft, WorkflowToolEntry, JsonSchema, Category, Execution, Family, OrchestrationKind, AgentOffer, WireFormat } from './types';

/**
 * Each feature's entries, in the order the catalogue lists them (schema/features.ts). Literal types kept, so input
 * types derive from the schemas (ToolInput).
 */
export const families = Object.fromEntries(Object.entries(features).map(([name, feature]) => [name, feature.tools])) as {
  readonly [F in Family]: (typeof features)[F]['tools'];
};

/** A setting a draft names, checked: a misspelt name would otherwise be a price or a requirement that never applies. */
function settingKey(name: string, entry: string): SettingKey {
  if (!(name in SETTINGS)) throw new Error(`${entry} names the setting ${name}, which no group of schema/config.ts defines`);
  return name as SettingKey;
}

/** The defaults an entry leaves out: who else offers it follows from how it runs. */
function complete(draft: ToolDraft, family: Family): ToolEntry {
  const runsAsWorkflow = draft.execution !== 'inline';
  const { priceSetting, requires, ...rest } = draft;
  return {
    ...rest,
    ...(priceSetting !== undefined ? { priceSetting: settingKey(priceSetting, draft.name) } : {}),
    ...(requires !== undefined ? { requires: requires.map((key) => settingKey(key, draft.name)) } : {}),
    title: draft.title ?? titleFromName(draft.name),
    family,
    agents: draft.agents ?? (runsAsWorkflow && !draft.orchestration ? 'offered' : 'never'),
    mcp: draft.mcp ?? (runsAsWorkflow && draft.streaming !== 'always'),
  };
}

/** A title for an entry that gives none: its name's words (`auth/generate-key` → `Auth generate key`). */
export function titleFromName(name: string): string {
  const words = name.split(/[/-]+/).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The table of contents: every endpoint the service offers, each described once. */
export const registry: readonly ToolEntry[] = (Object.entries(families) as [Family, readonly ToolDraft[]][]).flatMap(([family, drafts]) =>
  drafts.map((draft) => complete(draft, family)),
);

export const byName: ReadonlyMap<string, ToolEntry> = new Map(registry.map((e) => [e.name, e]));

export function isWorkflowTool(entry: ToolEntry | undefined): entry is WorkflowToolEntry {
  return entry !== undefined && entry.execution !== 'inline';
}

/**
 * Whether a call changes state: every POST, PUT, PATCH and DELETE (each writes: a resource, a session, a credit), and
 * any call that is charged. What idempotency keys are kept for; a free GET only reads, so a repeat may simply run again.
 */
export function changesState(entry: Pick<ToolEntry, 'method' | 'price' | 'priceFrom'>): boolean {
  return entry.method !== 'GET' || entry.price > 0 || entry.priceFrom !== undefined;
}

/** Whether the entry's input is a JSON body (POST, PUT, PATCH) rather than the query string (GET, DELETE). */
export function takesBody(entry: Pick<ToolEntry, 'method'>): boolean {
  return entry.method === 'POST' || entry.method === 'PUT' || entry.method === 'PATCH';
}
