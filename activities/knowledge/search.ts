import { searchKnowledge } from '../../core/knowledge/searchKnowledge';
import type { knowledgeTools } from '../../schema/knowledge/knowledgeTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { embedSearchQueryText } from '../searchByMeaning/searchEmbedding';
import { stateTool } from '../tools/stateTool';

/** A paid search: the knowledge base is shared, so any identity may search it. */
export const search = stateTool<ToolInput<typeof knowledgeTools, 'knowledge/search'>>('knowledge/search', async (input, { context }) =>
  searchKnowledge(context.deps.db, {
    q: input.q,
    limit: input.limit ?? 20,
    ...(input.tag ? { tag: input.tag } : {}),
    queryVector: await embedSearchQueryText(context.deps.embedder, context.deps.config, input.q),
  }),
);
