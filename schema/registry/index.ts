import { a2aTools } from '../a2a/entries';
import { accountTools } from './families/accounts';
import { agentTools } from './families/agents';
import { catalogTools } from './families/catalog';
import { classificationTools } from './families/classification';
import { codeTools } from './families/code';
import { conversationTools } from './families/conversation';
import { customAgentTools } from './families/customAgents';
import { dataTools } from './families/data';
import { discoveryTools } from './families/discovery';
import { documentTools } from './families/documents';
import { embeddingTools } from './families/embeddings';
import { fileTools } from './families/files';
import { freeTools } from './families/free';
import { jobTools } from './families/jobs';
import { knowledgeTools } from './families/knowledge';
import { marketplaceTools } from './families/marketplace';
import { memoryTools } from './families/memory';
import { messageTools } from './families/messages';
import { modelTools } from './families/models';
import { orchestrationTools } from './families/orchestration';
import { reasoningTools } from './families/reasoning';
import { scrapingTools } from './families/scraping';
import { searchTools } from './families/search';
import { skillTools } from './families/skills';
import { streamTools } from './families/streams';
import { structureTools } from './families/structure';
import { taskTools } from './families/tasks';
import { textTools } from './families/text';
import { visionTools } from './families/vision';
import { webhookTools } from './families/webhooks';
import { writingTools } from './families/writing';
import type { Family, ToolDraft, ToolEntry, WorkflowToolEntry } from './types';

export type { ToolEntry, ToolDraft, WorkflowToolEntry, JsonSchema, Category, Execution, Family, OrchestrationKind, AgentOffer, WireFormat } from './types';

/**
 * Each family's entries, in the order the catalogue lists them. The family names the folder that implements it.
 * Literal types kept, so input types derive from the schemas (ToolInput).
 */
export const families = {
  free: freeTools,
  accounts: accountTools,
  discovery: discoveryTools,
  a2a: a2aTools,
  text: textTools,
  models: modelTools,
  classification: classificationTools,
  documents: documentTools,
  structure: structureTools,
  writing: writingTools,
  reasoning: reasoningTools,
  code: codeTools,
  conversation: conversationTools,
  embeddings: embeddingTools,
  streams: streamTools,
  vision: visionTools,
  data: dataTools,
  search: searchTools,
  jobs: jobTools,
  webhooks: webhookTools,
  agents: agentTools,
  memory: memoryTools,
  messages: messageTools,
  knowledge: knowledgeTools,
  tasks: taskTools,
  marketplace: marketplaceTools,
  customAgents: customAgentTools,
  scraping: scrapingTools,
  catalog: catalogTools,
  files: fileTools,
  skills: skillTools,
  orchestration: orchestrationTools,
} as const satisfies Readonly<Record<Family, readonly ToolDraft[]>>;

/** The defaults an entry leaves out: who else offers it follows from how it runs. */
function complete(draft: ToolDraft, family: Family): ToolEntry {
  const runsAsWorkflow = draft.execution !== 'inline';
  return {
    ...draft,
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
