import { addKnowledge } from '../../core/knowledge/addKnowledge';
import type { knowledgeTools } from '../../schema/knowledge/knowledgeTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const add = stateTool<ToolInput<typeof knowledgeTools, 'knowledge/add'>>('knowledge/add', (input, { owner, scope, context }) =>
  addKnowledge(context.deps.store, scope, owner, { agentId: input.agent_id, title: input.title, content: input.content, tags: input.tags }),
);
