import { accountTools } from './accountTools';
import { analysisTools } from './analysisTools';
import { codeTools } from './codeTools';
import { conversationTools } from './conversationTools';
import { discoveryTools } from './discoveryTools';
import { freeTools } from './freeTools';
import { jobTools } from './jobTools';
import { modelTools } from './modelTools';
import { orchestrationTools } from './orchestrationTools';
import { reasoningTools } from './reasoningTools';
import { streamTools } from './streamTools';
import { textTools } from './textTools';
import type { ToolEntry } from './types';
import { visionTools } from './visionTools';
import { webhookTools } from './webhookTools';
import { writingTools } from './writingTools';

export type { ToolEntry, JsonSchema, Category, Execution } from './types';

/** The model-backed tools of spec §4.1 (besides orchestration), the model catalogue and the free preview. */
const modelBackedTools: readonly ToolEntry[] = [
  ...modelTools,
  ...analysisTools,
  ...writingTools,
  ...reasoningTools,
  ...codeTools,
  ...conversationTools,
  ...streamTools,
  ...visionTools,
];

/** The table of contents: every endpoint the service offers, each described once. */
export const registry: readonly ToolEntry[] = [
  ...freeTools,
  ...accountTools,
  ...discoveryTools,
  ...textTools,
  ...modelBackedTools,
  ...jobTools,
  ...webhookTools,
  ...orchestrationTools,
];

export type ToolName =
  (typeof textTools)[number]['name'] | (typeof freeTools)[number]['name'] | (typeof accountTools)[number]['name'] | (typeof discoveryTools)[number]['name'];

export const byName: ReadonlyMap<string, ToolEntry> = new Map(registry.map((e) => [e.name, e]));

/** Tools that run as workflows (the rest are answered inline by the API). */
export const workflowTools = registry.filter((e): e is ToolEntry & { execution: 'local-activity' | 'activity' } => e.execution !== 'inline');
