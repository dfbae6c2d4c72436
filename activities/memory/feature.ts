import type { ToolImplementations } from '../tools/toolImplementation';
import { clear } from './clear';
import { get } from './get';
import { search } from './search';
import { set } from './set';

/** Agent memory (schema/memory/memoryTools.ts): state on `memory-<agent_id>`, the owner's only. */
export const memoryTools: ToolImplementations = {
  'memory/set': set,
  'memory/get': get,
  'memory/search': search,
  'memory/clear': clear,
};
