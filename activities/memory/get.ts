import { getMemory } from '../../core/memory/getMemory';
import type { memoryTools } from '../../schema/memory/memoryTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const get = stateTool<ToolInput<typeof memoryTools, 'memory/get'>>('memory/get', (input, { owner, context }) =>
  getMemory(context.deps.db, owner, { agentId: input.agent_id, key: input.key, includeExpired: input.include_expired, now: context.deps.clock.now() }),
);
