import { isWorkflowTool, type ToolEntry, type WorkflowToolEntry } from '../../schema/registry';

/** The agent network's own families act as the payer: reselling them would let a buyer act as someone else. */
const NOT_LISTABLE_FAMILIES = new Set(['agents', 'memory', 'messages', 'knowledge', 'tasks', 'marketplace', 'orchestration']);

/** A registry tool a listing may sell: one that runs as a call and answers once, outside the agent network. */
export function isListable(entry: ToolEntry | undefined): entry is WorkflowToolEntry {
  return isWorkflowTool(entry) && !entry.orchestration && entry.streaming !== 'always' && !NOT_LISTABLE_FAMILIES.has(entry.family);
}
