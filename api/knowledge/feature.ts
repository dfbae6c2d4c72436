import type { ApiFeature } from '../features';
import { knowledgeHandlers } from './trendingHandler';

export const feature = { handlers: knowledgeHandlers } satisfies ApiFeature;
