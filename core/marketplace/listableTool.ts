import { type Family, isWorkflowTool, type ToolEntry, type WorkflowToolEntry } from '../../schema/registry';

/** The agent network's own families act as the payer: reselling them would let a buyer act as someone else. */
const NOT_LISTABLE_FAMILIES: ReadonlySet<Family> = new Set(['networkAgents', 'memory', 'messages', 'knowledge', 'tasks', 'marketplace', 'orchestration']);

/**
 * A registry tool a listing may sell: one that runs as a call and answers once, outside the agent network, and does
 * not act as its payer (an entry that needs the caller's identity would act as the seller's buyer's).
 */
export function isListable(entry: ToolEntry | undefined): entry is WorkflowToolEntry {
  return isWorkflowTool(entry) && !entry.orchestration && entry.streaming !== 'always' && !entry.needsIdentity && !NOT_LISTABLE_FAMILIES.has(entry.family);
}
