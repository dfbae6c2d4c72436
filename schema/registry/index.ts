import { accountTools } from '../accounts/accountTools';
import { agentTools } from '../networkAgents/networkAgentTools';
import { catalogTools } from '../catalog/catalogTools';
import { classificationTools } from '../classification/classificationTools';
import { codeTools } from '../code/codeTools';
import { conversationTools } from '../conversation/conversationTools';
import { customAgentTools } from '../customAgents/customAgentTools';
import { dataTools } from '../data/dataTools';
import { discoveryTools } from '../discovery/discoveryTools';
import { documentTools } from '../documents/documentTools';
import { fileTools } from '../files/fileTools';
import { freeTools } from '../free/freeTools';
import { jobTools } from '../jobs/jobTools';
import { knowledgeTools } from '../knowledge/knowledgeTools';
import { marketplaceTools } from '../marketplace/marketplaceTools';
import { memoryTools } from '../memory/memoryTools';
import { messageTools } from '../messages/messageTools';
import { modelTools } from '../models/modelTools';
import { orchestrationTools } from '../orchestration/orchestrationTools';
import { reasoningTools } from '../reasoning/reasoningTools';
import { scrapingTools } from '../scraping/scrapingTools';
import { searchTools } from '../search/searchTools';
import { skillTools } from '../skills/skillTools';
import { streamTools } from '../streams/streamTools';
import { structureTools } from '../structure/structureTools';
import { taskTools } from '../tasks/taskTools';
import { textTools } from '../text/textTools';
import { visionTools } from '../vision/visionTools';
import { webhookTools } from '../webhooks/webhookTools';
import { writingTools } from '../writing/writingTools';
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
  text: textTools,
  models: modelTools,
  classification: classificationTools,
  documents: documentTools,
  structure: structureTools,
  writing: writingTools,
  reasoning: reasoningTools,
  code: codeTools,
  conversation: conversationTools,
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
