import { searchMemory } from '../../core/memory/searchMemory';
import type { memoryTools } from '../../schema/memory/memoryTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const search = stateTool<ToolInput<typeof memoryTools, 'memory/search'>>('memory/search', (input, { owner, context }) =>
  searchMemory(context.deps.db, owner, { agentId: input.agent_id, query: input.query, limit: input.limit }),
);
