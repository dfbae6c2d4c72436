import type { ToolImplementations } from '../toolImplementation';
import { add } from './add';
import { search } from './search';
import { vote } from './vote';

/** The shared knowledge base (schema/registry/families/knowledge.ts); trending is read through api/knowledge/. */
export const knowledgeTools: ToolImplementations = {
  'knowledge/add': add,
  'knowledge/search': search,
  'knowledge/vote': vote,
};
