import type { ActivitiesFeature } from '../features';
import type { knowledgeTools as knowledgeEntries } from '../../schema/knowledge/knowledgeTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { add } from './add';
import { search } from './search';
import { vote } from './vote';

/** The shared knowledge base (schema/knowledge/knowledgeTools.ts); trending is read through api/knowledge/. */
const knowledgeTools: FamilyImplementations<typeof knowledgeEntries> = {
  'knowledge/add': add,
  'knowledge/search': search,
  'knowledge/vote': vote,
};

export const feature = { tools: knowledgeTools } satisfies ActivitiesFeature;
