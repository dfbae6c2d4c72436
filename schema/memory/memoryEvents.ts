/** An agent's memory on its `memory-<agentId>` stream: every write and every clear stays in the log. */
export interface MemoryEvents {
  MemorySet: { agentId: string; key: string; value: unknown; sizeBytes: number };
  /** The keys removed (all of the agent's, or one), named so the log alone says what was cleared. */
  MemoryCleared: { agentId: string; keys: string[]; all: boolean };
}
