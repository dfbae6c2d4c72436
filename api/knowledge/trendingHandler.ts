import { trendingKnowledge } from '../../core/knowledge/trendingKnowledge';
import { type FamilyHandlers } from '../inline/inlineHandler';
import type { knowledgeTools } from '../../schema/knowledge/knowledgeTools';

/** The knowledge base's free read (add, search and vote are paid tools: activities/knowledge/). */
export const knowledgeHandlers: FamilyHandlers<typeof knowledgeTools> = {
  'knowledge/trending': (input, { deps }) => trendingKnowledge(deps.store.db, { limit: input.limit, tag: input.tag }),
};
