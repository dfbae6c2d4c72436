import { clearMemory } from '../../core/memory/clearMemory';
import type { memoryTools } from '../../schema/memory/memoryTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const clear = stateTool<ToolInput<typeof memoryTools, 'memory/clear'>>('memory/clear', (input, { owner, scope, context }) =>
  clearMemory(context.deps.store, scope, owner, { agentId: input.agent_id, ...(input.key !== undefined ? { key: input.key } : {}) }),
);
