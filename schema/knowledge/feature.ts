import { schemaFeature } from '../schemaFeature';
import { knowledgeTools } from './knowledgeTools';
import type { KnowledgeEvents } from './knowledgeEvents';

/** The shared knowledge base (knowledge-<entryId>). */
export const feature = schemaFeature<KnowledgeEvents>()({
  tools: knowledgeTools,
  streams: {
    knowledge: (entryId: string) => `knowledge-${entryId}`,
  },
});
