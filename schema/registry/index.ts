import { accountTools } from './accountTools';
import { discoveryTools } from './discoveryTools';
import { freeTools } from './freeTools';
import { textTools } from './textTools';
import type { ToolEntry } from './types';

export type { ToolEntry, JsonSchema, Category, Execution } from './types';

/** The table of contents: every endpoint the service offers, each described once. */
export const registry: readonly ToolEntry[] = [...freeTools, ...accountTools, ...discoveryTools, ...textTools];

export type ToolName = (typeof textTools)[number]['name'] | (typeof freeTools)[number]['name'] | (typeof accountTools)[number]['name'] | (typeof discoveryTools)[number]['name'];

export const byName: ReadonlyMap<string, ToolEntry> = new Map(registry.map((e) => [e.name, e]));

/** Tools that run as workflows (the rest are answered inline by the API). */
export const workflowTools = registry.filter((e): e is ToolEntry & { execution: 'local-activity' | 'activity' } => e.execution !== 'inline');
