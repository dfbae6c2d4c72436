import { setMemory } from '../../core/memory/setMemory';
import type { memoryTools } from '../../schema/memory/memoryTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const set = stateTool<ToolInput<typeof memoryTools, 'memory/set'>>('memory/set', (input, { owner, scope, context }) =>
  setMemory(context.deps.store, scope, owner, {
    agentId: input.agent_id,
    key: input.key,
    value: input.value,
    tags: input.tags,
    expiresAt: input.expires_at,
    ttlSeconds: input.ttl_seconds,
    now: context.deps.clock.now(),
  }),
);
