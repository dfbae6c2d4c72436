import { schemaFeature } from '../schemaFeature';
import { memoryTools } from './memoryTools';
import type { MemoryEvents } from './memoryEvents';

/** A network agent’s memory (memory-<agentId>). */
export const feature = schemaFeature<MemoryEvents>()({
  tools: memoryTools,
  streams: {
    memory: (agentId: string) => `memory-${agentId}`,
  },
});
