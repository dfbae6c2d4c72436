import type { ActivitiesFeature } from '../features';
import type { memoryTools as memoryEntries } from '../../schema/memory/memoryTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { clear } from './clear';
import { get } from './get';
import { search } from './search';
import { set } from './set';

/** Agent memory (schema/memory/memoryTools.ts): state on `memory-<agent_id>`, the owner's only. */
const memoryTools: FamilyImplementations<typeof memoryEntries> = {
  'memory/set': set,
  'memory/get': get,
  'memory/search': search,
  'memory/clear': clear,
};

export const feature = { tools: memoryTools } satisfies ActivitiesFeature;
