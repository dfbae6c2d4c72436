import { trendingKnowledge } from '../../core/knowledge/trendingKnowledge';
import type { InlineHandler } from '../inline/inlineHandler';

/** The knowledge base's free read (add, search and vote are paid tools: activities/knowledge/). */
export const knowledgeHandlers: Readonly<Record<string, InlineHandler>> = {
  'knowledge/trending': (input, { deps }) => trendingKnowledge(deps.store.db, { limit: input.limit as number, tag: input.tag as string | undefined }),
};
