import { searchMemory } from '../../core/memory/searchMemory';
import type { memoryTools } from '../../schema/memory/memoryTools';
import { MEMORY_MEANING_THRESHOLD } from '../../schema/memory/memoryTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { embedSearchQueryText } from '../searchByMeaning/searchEmbedding';
import { stateTool } from '../tools/stateTool';

export const search = stateTool<ToolInput<typeof memoryTools, 'memory/search'>>('memory/search', async (input, { owner, context }) =>
  searchMemory(context.deps.db, owner, {
    agentId: input.agent_id,
    query: input.query,
    limit: input.limit ?? 20,
    threshold: input.threshold ?? MEMORY_MEANING_THRESHOLD,
    keyPrefix: input.key_prefix,
    tags: input.tags,
    updatedAfter: input.updated_after,
    updatedBefore: input.updated_before,
    includeExpired: input.include_expired,
    queryVector: await embedSearchQueryText(context.deps.embedder, context.deps.config, input.query),
    now: context.deps.clock.now(),
  }),
);
