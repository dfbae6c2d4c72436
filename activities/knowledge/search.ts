import { searchKnowledge } from '../../core/knowledge/searchKnowledge';
import type { knowledgeTools } from '../../schema/knowledge/knowledgeTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

/** A paid search: the knowledge base is shared, so any identity may search it. */
export const search = stateTool<ToolInput<typeof knowledgeTools, 'knowledge/search'>>('knowledge/search', (input, { context }) =>
  searchKnowledge(context.deps.db, { q: input.q, limit: input.limit, ...(input.tag ? { tag: input.tag } : {}) }),
);
