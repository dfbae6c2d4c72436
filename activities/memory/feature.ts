import type { ToolImplementations } from '../toolImplementation';
import { clear } from './clear';
import { get } from './get';
import { search } from './search';
import { set } from './set';

/** Agent memory (schema/registry/families/memory.ts): state on `memory-<agent_id>`, the owner's only. */
export const memoryTools: ToolImplementations = {
  'memory/set': set,
  'memory/get': get,
  'memory/search': search,
  'memory/clear': clear,
};
