/** An agent's memory on its `memory-<agentId>` stream: every write and every clear stays in the log. */
export interface MemoryEvents {
  /** `tags` and `expiresAt` (ISO time after which searches and reads skip the entry) arrived later: absent in old events. */
  MemorySet: { agentId: string; key: string; value: unknown; sizeBytes: number; tags?: string[]; expiresAt?: string | null };
  /** The keys removed (all of the agent's, or one), named so the log alone says what was cleared. */
  MemoryCleared: { agentId: string; keys: string[]; all: boolean };
}
