import { voteKnowledge } from '../../core/knowledge/voteKnowledge';
import type { knowledgeTools } from '../../schema/knowledge/knowledgeTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const vote = stateTool<ToolInput<typeof knowledgeTools, 'knowledge/vote'>>('knowledge/vote', (input, { owner, scope, context }) =>
  voteKnowledge(context.deps.store, scope, owner, { agentId: input.agent_id, entryId: input.entry_id, vote: input.vote }),
);
