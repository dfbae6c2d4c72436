import type { ToolImplementations } from '../tools/toolImplementation';
import { add } from './add';
import { search } from './search';
import { vote } from './vote';

/** The shared knowledge base (schema/knowledge/knowledgeTools.ts); trending is read through api/knowledge/. */
export const knowledgeTools: ToolImplementations = {
  'knowledge/add': add,
  'knowledge/search': search,
  'knowledge/vote': vote,
};
