/** An agent's memory: its keys, and its values (any JSON value whose text is at most `valueBytes` bytes, UTF-8). */
export const MEMORY_LIMITS = {
  key: 256,
  valueBytes: 65_536,
  keysPerAgent: 1000,
} as const;
