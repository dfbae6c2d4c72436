import { clearMemory } from '../../../core/memory/clearMemory';
import type { memoryTools } from '../../../schema/registry/families/memory';
import type { ToolInput } from '../../../schema/registry/toolInput';
import { stateTool } from '../stateTool';

export const clear = stateTool<ToolInput<typeof memoryTools, 'memory/clear'>>('memory/clear', (input, { owner, scope, context }) =>
  clearMemory(context.deps.store, scope, owner, { agentId: input.agent_id, ...(input.key !== undefined ? { key: input.key } : {}) }),
);
